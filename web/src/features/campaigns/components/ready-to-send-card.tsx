import type { User } from '@contract/auth';
import { failingAuthentication } from '@contract/domain-health';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSendableTemplates, useSendingAccounts } from '../api/get-sending-options';

type Step = { label: string; done: boolean; fix: ReactNode };

const fixLink = (href: string, text: string) => (
  <Link href={href} className="font-medium text-primary underline-offset-4 hover:underline">
    {text}
  </Link>
);

/**
 * What a campaign needs before its first send, checked where the user starts one: a mailbox, the postal address
 * every mail's footer carries, an Active template, leads, and a sending domain receivers trust (SPF, DKIM, DMARC).
 * Shown while something is missing, each missing step with the link that fixes it; what is set up is kept when the
 * user goes there and comes back (dashboard-draft.ts).
 */
export function ReadyToSendCard({ user, hasLeads }: { user: User; hasLeads: boolean | undefined }) {
  const accounts = useSendingAccounts();
  const templates = useSendableTemplates();
  if (accounts.isPending || templates.isPending || hasLeads === undefined) return null;
  const mailboxes = accounts.data ?? [];
  const failing = mailboxes.flatMap((account) =>
    failingAuthentication(account.health).length > 0 ? [account.health?.domain ?? account.email] : [],
  );
  const steps: Step[] = [
    { label: 'A mailbox to send from', done: mailboxes.length > 0, fix: fixLink('/accounts', 'Connect a mailbox') },
    {
      label: 'Your postal address, which the law requires in every marketing email',
      done: Boolean(user.postalAddress?.trim()),
      fix: fixLink('/settings', 'Add it in Settings'),
    },
    {
      label: 'An Active template',
      done: (templates.data?.length ?? 0) > 0,
      fix: fixLink('/templates', 'Write or activate a template'),
    },
    { label: 'Leads to write to', done: hasLeads, fix: fixLink('/leads', 'Import leads') },
    {
      label: 'A sending domain receivers trust (SPF, DKIM and DMARC)',
      done: mailboxes.length > 0 && failing.length === 0,
      fix:
        mailboxes.length > 0 ? fixLink('/accounts', `See what to fix for ${[...new Set(failing)].join(', ')}`) : null,
    },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <Card aria-labelledby="ready-to-send-title">
      <CardHeader>
        <CardTitle id="ready-to-send-title">Ready to send</CardTitle>
        <CardDescription>
          What your first campaign needs. Your choices below are kept while you fix these.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Ready to send" className="grid gap-2 text-sm">
          {steps.map((step) => (
            <li key={step.label} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {step.done ? (
                <CheckCircle2 aria-hidden className="size-4 text-green-600" />
              ) : (
                <Circle aria-hidden className="size-4 text-muted-foreground" />
              )}
              <span className={step.done ? 'text-muted-foreground' : 'font-medium'}>
                {step.label}
                <span className="sr-only">{step.done ? ': done' : ': missing'}</span>
              </span>
              {!step.done && step.fix}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
