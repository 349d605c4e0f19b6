import { expect, type Locator, type Page, test } from '@playwright/test';
import { RESPONSE_MESSAGES, TRUNCATED_MESSAGE_NOTE } from '../../contract/responses';
import { largeReply } from '../../server/test/large-mail';
import { connectPeerMailbox, pressEscape, setPostalAddress, signUpViaApi, toastMessage } from './helpers';
import { mailPeers } from './mail-peers';

type Prospect = { email: string; firstName: string; lastName: string; company: string };

// The e2e server reads inboxes every few seconds (INBOX_POLL_SECONDS), so a reply shows within this.
const READ_WITHIN_MS = 30_000;

test.describe('answering prospect replies (local SMTP and IMAP peers)', () => {
  test.describe.configure({ timeout: 120_000 });
  const peers = mailPeers();

  /**
   * Through the API the screens use: a mailbox on the peers, an Active template, the prospects as leads, and a
   * campaign to them, sent for real. Answers the Message-ID of the mail each prospect got.
   */
  async function mailProspects(page: Page, prospects: Prospect[]): Promise<Map<string, string>> {
    await signUpViaApi(page.request);
    await setPostalAddress(page.request);
    const accountId = await connectPeerMailbox(page.request, peers.smtp, peers.imap);
    const template = await page.request.post('/api/templates', {
      data: {
        name: 'Garden Intro',
        subject: 'Hello {firstName}',
        body: '<p>Hi {firstName},</p><p>We design <strong>low-water gardens</strong> for {company}.</p>',
        status: 'active',
        weekNumber: 1,
      },
    });
    expect(template.status(), await template.text()).toBe(201);
    const leadIds: number[] = [];
    for (const prospect of prospects) {
      const lead = await page.request.post('/api/leads', { data: prospect });
      expect(lead.status(), await lead.text()).toBe(201);
      leadIds.push((await lead.json()).id);
    }
    const started = await page.request.post('/api/campaigns/send-mass-email', {
      data: { accountId, templateId: (await template.json()).id, leadIds },
    });
    expect(started.status(), await started.text()).toBe(200);
    const campaignId: number = (await started.json()).campaignId;
    await expect
      .poll(async () => (await (await page.request.get(`/api/campaigns/${campaignId}`)).json()).status, {
        timeout: 30_000,
      })
      .toBe('completed');

    const messageIds = new Map<string, string>();
    for (const prospect of prospects) {
      const sent = peers.smtp.received.find((item) => item.envelopeTo.includes(prospect.email));
      expect(sent?.mail.subject).toBe(`Hello ${prospect.firstName}`);
      messageIds.set(prospect.email, String(sent?.mail.messageId));
    }
    return messageIds;
  }

  /** The prospect answers: a real IMAP APPEND of their reply to the mailbox's INBOX, in our mail's thread. */
  async function prospectReplies(prospect: Prospect, inReplyTo: string, text: string) {
    const writer = await peers.imap.connectClient();
    try {
      const raw = [
        `From: ${prospect.firstName} ${prospect.lastName} <${prospect.email}>`,
        `To: ${peers.smtp.user}`,
        `Subject: Re: Hello ${prospect.firstName}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <reply-${Date.now()}-${Math.random().toString(36).slice(2)}@prospects.test>`,
        `In-Reply-To: ${inReplyTo}`,
        `References: ${inReplyTo}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        '',
        `On ${new Date().toDateString()}, ${peers.smtp.user} wrote:`,
        `> Hi ${prospect.firstName},`,
        '',
      ].join('\r\n');
      await writer.append('INBOX', raw, []);
    } finally {
      await writer.logout().catch(() => {});
    }
  }

  const panelOf = (page: Page) => page.getByRole('region', { name: 'Follow-ups' });
  const rowOf = (list: Locator, prospect: Prospect) =>
    list.getByRole('button', { name: new RegExp(`^Open the reply from ${prospect.firstName} ${prospect.lastName}`) });

  async function chooseOption(page: Page, combobox: string, option: string) {
    await page.getByRole('combobox', { name: combobox }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  test('a reply shows in the panel, is answered, another is completed, and the Inbox filters them', async ({
    page,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const ada: Prospect = {
      email: `ada-${suffix}@prospects.test`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engine Works',
    };
    const ben: Prospect = {
      email: `ben-${suffix}@prospects.test`,
      firstName: 'Ben',
      lastName: 'Okafor',
      company: 'Okafor Bakery',
    };
    const messageIds = await mailProspects(page, [ada, ben]);

    // Before anyone answers, the panel says so.
    await page.goto('/');
    const panel = panelOf(page);
    await expect(panel.getByText('No replies need a follow-up.')).toBeVisible();

    await prospectReplies(ada, String(messageIds.get(ada.email)), 'Can we talk on Thursday? What is the price?');
    await prospectReplies(ben, String(messageIds.get(ben.email)), 'Interesting. Do you also work on rooftops?');

    // The server reads the mailbox by itself; the panel shows what it found once the page is read again.
    await expect(async () => {
      await page.reload();
      // The reloaded page's own time to show the panel: over a second on a busy 2-core CI.
      await expect(rowOf(panel, ada)).toBeVisible({ timeout: 5_000 });
      await expect(rowOf(panel, ben)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: READ_WITHIN_MS });
    await expect(panel.getByLabel('2 need a follow-up')).toHaveText('2');
    const adaRow = rowOf(panel, ada);
    await expect(adaRow).toContainText('Engine Works');
    await expect(adaRow).toContainText('Hot');
    await expect(adaRow).toContainText('Re: Hello Ada');
    // The preview is the prospect's own words, without the quoted history.
    await expect(adaRow).toContainText('Can we talk on Thursday? What is the price?');
    await expect(adaRow).not.toContainText('wrote:');

    // The modal: our mail (tags stripped), their answer, and the reply box.
    await adaRow.click();
    const dialog = page.getByRole('dialog', { name: 'Email Follow-up' });
    await expect(dialog).toBeVisible();
    const original = dialog.getByRole('region', { name: 'Original email' });
    await expect(original).toContainText('Hello Ada');
    await expect(original).toContainText('Hi Ada, We design low-water gardens for Engine Works.');
    await expect(original).not.toContainText('<p>');
    const conversation = dialog.getByRole('list', { name: 'Conversation' });
    // Our mail shows once, as the original email above, not again as the conversation's first message.
    await expect(conversation.getByRole('listitem', { name: 'Sent by you' })).toHaveCount(0);
    await expect(dialog.getByText('Hi Ada, We design low-water gardens for Engine Works.')).toHaveCount(1);
    await expect(conversation.getByRole('listitem', { name: /^From / })).toContainText(
      'Can we talk on Thursday? What is the price?',
    );

    const send = dialog.getByRole('button', { name: 'Send Reply' });
    const replyBox = dialog.getByLabel('Your reply');
    await expect(send).toBeDisabled();
    await replyBox.fill('   ');
    await expect(send).toBeDisabled();
    await replyBox.press('Control+Enter');
    await expect(dialog.getByText(RESPONSE_MESSAGES.emptyReply)).toBeVisible();

    // A suggested draft fills the box and is not sent by itself.
    const sentBefore = peers.smtp.received.length;
    await dialog.getByRole('button', { name: 'Suggest a reply' }).click();
    await expect(replyBox).not.toHaveValue(/^\s*$/);
    await expect(dialog.getByText(/Drafted by the built-in writer/)).toBeVisible();
    expect(peers.smtp.received.length).toBe(sentBefore);

    // A meeting is booked with Ada, then she gets an answer of the user's own.
    await dialog.getByRole('switch', { name: 'Meeting booked' }).click();
    await expect(dialog.getByRole('switch', { name: 'Meeting booked' })).toBeChecked();
    await replyBox.fill('Thursday at 10 works for me. The price is $400 a month.');
    await send.click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(toastMessage(page)).toContainText(RESPONSE_MESSAGES.replySent);
    await expect.poll(() => peers.smtp.received.filter((item) => item.envelopeTo.includes(ada.email)).length).toBe(2);
    const answer = peers.smtp.received.filter((item) => item.envelopeTo.includes(ada.email))[1].mail;
    expect(answer.subject).toBe('Re: Hello Ada');
    expect(answer.text).toContain('Thursday at 10 works for me. The price is $400 a month.');
    expect(answer.inReplyTo).toBeTruthy();
    expect(String(answer.references)).toContain(String(messageIds.get(ada.email)));

    // Answered, Ada leaves the panel; Ben's reply is closed without an answer.
    await expect(rowOf(panel, ada)).toBeHidden();
    await expect(panel.getByLabel('1 need a follow-up')).toHaveText('1');
    await rowOf(panel, ben).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Do you also work on rooftops?');
    await chooseOption(page, 'Priority', 'Medium');
    await expect(dialog.getByRole('combobox', { name: 'Priority' })).toHaveText('Medium');
    await dialog.getByRole('button', { name: 'Mark as Complete' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastMessage(page)).toContainText(RESPONSE_MESSAGES.completed);
    await expect(panel.getByText('No replies need a follow-up.')).toBeVisible();
    await expect(panel.getByLabel('0 need a follow-up')).toHaveText('0');

    // The Inbox page keeps every reply, and filters them.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Replies' }).click();
    await expect(page).toHaveURL(/\/replies$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Replies' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Replies' });
    await expect(rowOf(list, ada)).toBeVisible();
    await expect(rowOf(list, ben)).toBeVisible();
    await expect(rowOf(list, ada)).toContainText('Meeting booked');
    await expect(rowOf(list, ada)).toContainText('Completed');
    await expect(rowOf(list, ben)).toContainText('Medium');

    await chooseOption(page, 'Priority filter', 'Hot');
    await expect(rowOf(list, ada)).toBeVisible();
    await expect(rowOf(list, ben)).toBeHidden();
    await chooseOption(page, 'Priority filter', 'Medium');
    await expect(rowOf(list, ben)).toBeVisible();
    await expect(rowOf(list, ada)).toBeHidden();
    await chooseOption(page, 'Priority filter', 'All priorities');
    // Each filter says what it filters, "All" included.
    await expect(page.getByRole('combobox', { name: 'Follow-up filter' })).toHaveText('All replies');
    await chooseOption(page, 'Follow-up filter', 'Needs follow-up');
    await expect(page.getByText('No replies match these filters')).toBeVisible();
    await chooseOption(page, 'Follow-up filter', 'Completed');
    await expect(rowOf(list, ada)).toBeVisible();
    await expect(rowOf(list, ben)).toBeVisible();

    // A row opens the same modal.
    await rowOf(list, ben).click();
    await expect(dialog).toContainText('This follow-up is completed.');
    await expect(dialog.getByRole('button', { name: 'Mark as Complete' })).toHaveCount(0);
    await pressEscape(page);

    // Ada's Client Details tell the whole story: our mail, her reply, our answer.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    const details = page.getByRole('dialog', { name: 'Client Details' });
    await expect(details.getByText('Response Status').locator('..')).toHaveText('Response StatusResponded');
    await expect(details.getByText('Emails Sent').locator('..')).toHaveText('Emails Sent2');
    const history = details.getByRole('listitem');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Our reply');
    await expect(history.nth(1)).toContainText('Replied');
    await expect(history.nth(1)).toContainText('Can we talk on Thursday? What is the price?');
    await expect(history.nth(2)).toContainText('Sent');
  });

  test('a reply larger than the reader fetches says so in the Replies screen and in Client Details', async ({
    page,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const cleo: Prospect = {
      email: `cleo-${suffix}@prospects.test`,
      firstName: 'Cleo',
      lastName: 'Barros',
      company: 'Barros Builders',
    };
    const messageIds = await mailProspects(page, [cleo]);
    // Her reply carries 2.5 MB of plans: the server reads its first 2 MB, which hold her words.
    const writer = await peers.imap.connectClient();
    try {
      const reply = largeReply({
        from: `${cleo.firstName} ${cleo.lastName} <${cleo.email}>`,
        to: peers.smtp.user,
        messageId: `<large-${suffix}@prospects.test>`,
        inReplyTo: String(messageIds.get(cleo.email)),
      });
      await writer.append('INBOX', reply, []);
    } finally {
      await writer.logout().catch(() => {});
    }

    await page.goto('/replies');
    const list = page.getByRole('list', { name: 'Replies' });
    await expect(async () => {
      await page.reload();
      await expect(rowOf(list, cleo)).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: READ_WITHIN_MS });
    await expect(rowOf(list, cleo)).toContainText('Interested! The plans are attached.');
    await expect(rowOf(list, cleo)).toContainText(TRUNCATED_MESSAGE_NOTE);
    await rowOf(list, cleo).click();
    const dialog = page.getByRole('dialog', { name: 'Email Follow-up' });
    await expect(dialog.getByText(TRUNCATED_MESSAGE_NOTE)).toBeVisible();
    await pressEscape(page);

    // The link a webhook's email.replied event carries opens the reply itself.
    const replies = (await (await page.request.get('/api/responses')).json()) as {
      id: number;
      lead: { email: string };
    }[];
    const cleoReply = replies.find((reply) => reply.lead.email === cleo.email);
    await page.goto(`/replies?reply=${cleoReply?.id}`);
    await expect(dialog.getByText('Interested! The plans are attached.').first()).toBeVisible();
    await pressEscape(page);
    await expect(page).toHaveURL(/\/replies$/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('button', { name: 'Cleo Barros' }).click();
    const details = page.getByRole('dialog', { name: 'Client Details' });
    const replied = details.getByRole('listitem').filter({ hasText: 'Replied' });
    await expect(replied).toContainText('Interested! The plans are attached.');
    await expect(replied).toContainText(TRUNCATED_MESSAGE_NOTE);
  });
});
