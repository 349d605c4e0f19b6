import { DEFAULT_DAILY_LIMIT } from '@contract/accounts';
import { BarChart3, FileText, type LucideIcon, Mail, MessageSquareReply, Send, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';

/** Short points, one idea each, so the guide can be scanned. */
function Points({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground marker:text-primary">{children}</ul>;
}

function Variable({ name }: { name: string }) {
  return <code className="rounded bg-muted px-1 py-0.5 font-mono text-foreground text-xs">{`{${name}}`}</code>;
}

export type GuideSection = { value: string; title: string; icon: LucideIcon; content: ReactNode };

/** The guide's topics, in docs/product.md §2's order; every point describes what LocalReach does today. */
export const guideSections: GuideSection[] = [
  {
    value: 'accounts',
    title: 'Email Accounts Setup',
    icon: Mail,
    content: (
      <Points>
        <li>On Email Accounts, click Connect Account and choose how to connect.</li>
        <li>
          Direct Connection: sign in with Outlook / Microsoft 365 or Google Workspace / Gmail. These buttons work once
          your administrator has set up the sign-in; until then the dialog says what is missing.
        </li>
        <li>
          SMTP / IMAP: any other mailbox. Enter the SMTP server (port 465 with TLS or 587 with STARTTLS), user name and
          password; IMAP uses the same server and login on port 993 unless you change it. The login is checked before
          the mailbox is saved, and passwords are stored encrypted.
        </li>
        <li>
          Each mailbox sends up to {DEFAULT_DAILY_LIMIT} emails a day; three mailboxes give you{' '}
          {(3 * DEFAULT_DAILY_LIMIT).toLocaleString('en-US')} a day. The count resets at midnight in your timezone
          (Settings). You can change the daily limit and the emails per minute on the account card.
        </li>
        <li>Use "Send a test email" on the account card to check a mailbox before a campaign.</li>
        <li>If a mailbox refuses the login, its card shows the server's answer: connect it again.</li>
      </Points>
    ),
  },
  {
    value: 'leads',
    title: 'Managing Leads',
    icon: Users,
    content: (
      <Points>
        <li>On Leads, click Upload CSV. The first row is the header and an email column is required.</li>
        <li>
          Optional columns firstName, lastName and company are recognised under common spellings ("First Name",
          "E-mail", "Company Name"). Any other column is kept as additional information on the lead.
        </li>
        <li>
          Emails already in your leads, or repeated in the file, are skipped as duplicates; rows with a missing or
          invalid email are counted as errors.
        </li>
        <li>Big files upload in parts with progress; if you cancel, the leads already imported are kept.</li>
        <li>Add Lead adds a single contact; Download CSV exports all your leads.</li>
        <li>
          Only Active leads are emailed. Leads who unsubscribe or bounce change status by themselves and are never
          emailed again.
        </li>
        <li>Click a lead to see the emails sent, whether they replied, and the whole history.</li>
      </Points>
    ),
  },
  {
    value: 'templates',
    title: 'Creating Email Templates',
    icon: FileText,
    content: (
      <Points>
        <li>On Templates, click New Template. Name, subject and body are required.</li>
        <li>
          Personalise with <Variable name="firstName" />, <Variable name="lastName" />, <Variable name="email" /> and{' '}
          <Variable name="company" />. Add a fallback for empty values: <Variable name="firstName|there" />. The preview
          shows the email as a chosen lead receives it.
        </li>
        <li>
          Draft with AI: describe the email and click Generate with AI; the subject and body are written from your
          profile and your description. Without an AI provider, the built-in offline writer drafts it and says so.
        </li>
        <li>
          Week Number (1 to 52) marks the campaign week the email is meant for; the dashboard filters leads by the weeks
          they were sent.
        </li>
        <li>Attachments: up to 3 MB per file (10 files, 10 MB per template).</li>
        <li>Only Active templates can be used in campaigns; Draft and Archived ones are kept aside.</li>
      </Points>
    ),
  },
  {
    value: 'campaigns',
    title: 'Sending Campaigns',
    icon: Send,
    content: (
      <Points>
        <li>
          On the Dashboard, choose the email account (it shows what it has sent today of its limit) and an Active
          template.
        </li>
        <li>
          Select recipients with the Sent weeks filter, the next 20 or next 100 buttons, or by hand, then click Send
          Mass Email. Progress updates live, and you can pause and resume.
        </li>
        <li>
          One campaign email per lead per week: leads already emailed this week are skipped, and a lead never gets the
          same template twice.
        </li>
        <li>When a mailbox reaches its daily limit, the campaign waits and continues after midnight.</li>
        <li>
          Send as a sequence for follow-ups: weekly or monthly steps (each delay can be changed), each step its own
          template, optionally in the same thread and with A/B variants. Follow-up steps go out only inside your sending
          window (Settings; Monday to Friday, 09:00 to 17:00 until you change it), and stop for a lead who replies,
          unsubscribes or bounces.
        </li>
        <li>
          Every email ends with your name, your postal address from Settings and an unsubscribe link that works in one
          click.
        </li>
      </Points>
    ),
  },
  {
    value: 'analytics',
    title: 'Tracking Analytics',
    icon: BarChart3,
    content: (
      <Points>
        <li>
          On Analytics, pick a range (Last 7 days, 30 days, 90 days or Last year) to see delivery, open, click, response
          and conversion rates.
        </li>
        <li>Opens and clicks are recorded when Track opens and clicks is on for the campaign.</li>
        <li>
          Opens and clicks made automatically by email privacy features and link checkers are not counted, so the rates
          count people.
        </li>
        <li>
          Template Performance Analysis compares your templates by response rate: 15% or more is Excellent, 10% or more
          Good.
        </li>
        <li>
          Replies and meetings by campaign shows what each campaign brought in. A meeting counts as booked when you mark
          it on a reply, or when a prospect clicks one of your booking links (Settings).
        </li>
      </Points>
    ),
  },
  {
    value: 'stock-tips',
    title: 'Stock Tips Integration',
    icon: TrendingUp,
    content: (
      <Points>
        <li>
          Stock Tips shows the Stock Tip of the Day: price, change, key figures, a recommendation and an AI analysis. It
          is renewed daily; click refresh for a new one.
        </li>
        <li>
          Turn on Include stock tip in a template to add the current tip (symbol, price, recommendation and a short
          analysis) with a disclaimer at the end of every email sent with it.
        </li>
        <li>Stock tips are for information only and are not financial advice.</li>
      </Points>
    ),
  },
  {
    value: 'responses',
    title: 'Managing Responses',
    icon: MessageSquareReply,
    content: (
      <Points>
        <li>
          LocalReach reads your connected mailboxes for answers to your campaigns. It only reads: nothing in your
          mailbox is moved, deleted or marked as read.
        </li>
        <li>
          Replies appear in the dashboard's follow-ups panel and on the Replies page, with a priority (hot, high, medium
          or other) that you can change.
        </li>
        <li>
          Open a reply to read the conversation. Suggest a reply fills in a draft; your answer goes from the same
          mailbox, in the same thread, and counts toward its daily limit.
        </li>
        <li>Mark a reply complete when you are done, and switch on Meeting booked when a meeting is set.</li>
        <li>
          A bounce marks the lead Bounced; a complaint or a request to unsubscribe marks it Unsubscribed. Out-of-office
          answers are noted on the lead and pause their sequence until the return date they give.
        </li>
      </Points>
    ),
  },
];
