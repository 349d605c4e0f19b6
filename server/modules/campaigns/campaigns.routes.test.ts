import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../../contract/leads';
import { createBounceAddresses } from '../../adapters/mail/bounce-address';
import { createContainer } from '../../container';
import { queryRows } from '../../db/client';
import { campaignRecipients, campaigns as campaignsTable, emailAccounts, leads } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { createTestApp, getCurrentUser, registerUser, testConfig } from '../../test/app';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { DailyLimitError } from '../sending/send-allowance';
import { POSTAL_ADDRESS_REQUIRED } from './campaigns.service';
import { CampaignWaitingError, createCampaignSender, STALE_SENDING_MS } from './engine/run';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let now = new Date('2026-11-23T10:00:00Z'); // a Monday
const clock = { now: () => now };
/** The instants senders waited for (their pace slots): waiting steps the clock instead of taking time. */
let paceSlots: Date[] = [];
const steppingSleep = async (ms: number) => {
  now = new Date(now.getTime() + ms);
  paceSlots.push(now);
};
let t: TestApp;
let smtp: SmtpPeer;

const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

/** A signed-up user with a postal address, a mailbox on the SMTP peer, an Active template and `count` leads. */
async function sender(
  label: string,
  options: {
    count?: number;
    dailyLimit?: number;
    sendsPerMinute?: number;
    postalAddress?: string | null;
    smtpPassword?: string;
  } = {},
) {
  const token = await registerUser(t.app, `${label}@campaigns.test`);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  if (options.postalAddress !== null) {
    await call('PUT', '/api/user/profile', token, {
      postalAddress: options.postalAddress ?? '1 Harbor Way, Austin, TX 78701',
    });
  }
  // A password the peer refuses stands for one changed at the provider since connecting.
  const peer = { ...smtp, password: options.smtpPassword ?? smtp.password };
  const accountId = await seedSmtpAccount(t.database.db, userId, peer, {
    dailyLimit: options.dailyLimit,
    sendsPerMinute: options.sendsPerMinute,
  });
  const templateId = await template(token, { name: 'Intro', subject: 'Hello {firstName|there}' });
  const rows = Array.from({ length: options.count ?? 0 }, (_, i) => ({
    email: `${label}-${i}@leads.test`,
    first_name: `Lead${i}`,
    company: `Company ${i}`,
  }));
  // In parts, as the upload dialog sends a file: a request takes at most CSV_CHUNK_ROWS rows.
  for (let start = 0; start < rows.length; start += CSV_CHUNK_ROWS) {
    const part = rows.slice(start, start + CSV_CHUNK_ROWS);
    const upload = await call('POST', '/api/leads/upload-csv', token, { csvData: part, firstRowNumber: start + 2 });
    expect(upload.json().added).toBe(part.length);
  }
  const leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
  ).map((row) => row.id);
  return { token, userId, accountId, templateId, leadIds };
}

async function template(
  token: string,
  fields: { name: string; subject: string; status?: string; attachments?: object[] },
) {
  const response = await call('POST', '/api/templates', token, {
    body: '<p>Hi {firstName}, a note for {company}.</p>',
    status: 'active',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function start(token: string, body: object) {
  const response = await call('POST', '/api/campaigns/send-mass-email', token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().campaignId as number;
}

const campaign = async (token: string, id: number) => (await call('GET', `/api/campaigns/${id}`, token)).json();
const run = (id: number) => t.container.services.campaignSender.run(id);
const recipientsOf = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestApp({ authRateLimitPerMinute: 10_000 }, { clock, sleep: steppingSleep }),
    startSmtpPeer(),
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(() => {
  now = new Date('2026-11-23T10:00:00Z');
  paceSlots = [];
});

describe('POST /api/campaigns/send-mass-email', () => {
  it('answers SPEC §5’s texts for what is missing, in order', async () => {
    const { token, accountId, templateId, leadIds } = await sender('checks', { count: 1 });
    const refusal = async (body: object) => {
      const response = await call('POST', '/api/campaigns/send-mass-email', token, body);
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    expect(await refusal({ templateId, leadIds })).toBe('Please select an email account');
    expect(await refusal({ accountId, leadIds })).toBe('Please select an email template');
    expect(await refusal({ accountId, templateId, leadIds: [] })).toBe('Please select at least one lead');
    expect(await refusal({ accountId: null, templateId: null, leadIds: null })).toBe('Please select an email account');
  });

  it('refuses a template that is not Active, an account in error, and another user’s account or template', async () => {
    const owner = await sender('owner', { count: 1 });
    const stranger = await sender('stranger', { count: 1 });
    const draft = await template(owner.token, { name: 'Draft', subject: 'Hi', status: 'draft' });
    const base = { accountId: owner.accountId, templateId: owner.templateId, leadIds: owner.leadIds };

    const notActive = await call('POST', '/api/campaigns/send-mass-email', owner.token, { ...base, templateId: draft });
    expect(notActive.statusCode).toBe(400);
    expect(notActive.json().message).toBe('"Draft" is not Active. Set the template to Active to use it in campaigns.');

    const foreignAccount = { ...base, accountId: stranger.accountId };
    expect((await call('POST', '/api/campaigns/send-mass-email', owner.token, foreignAccount)).statusCode).toBe(404);
    const foreignTemplate = { ...base, templateId: stranger.templateId };
    expect((await call('POST', '/api/campaigns/send-mass-email', owner.token, foreignTemplate)).statusCode).toBe(404);

    await t.database.db
      .update(emailAccounts)
      .set({ status: 'error', statusReason: 'SMTP login failed' })
      .where(eq(emailAccounts.id, owner.accountId));
    const broken = await call('POST', '/api/campaigns/send-mass-email', owner.token, base);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(
      'sender@smtp.test needs attention before it can send: SMTP login failed. Fix it on the Email Accounts page.',
    );
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses to send until the postal address is set, as the law requires', async () => {
    const { token, accountId, templateId, leadIds } = await sender('no-address', { count: 1, postalAddress: null });
    const response = await call('POST', '/api/campaigns/send-mass-email', token, { accountId, templateId, leadIds });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(POSTAL_ADDRESS_REQUIRED);
  });
});

describe('sending a campaign through the SMTP peer', () => {
  it('mails each of 200 leads exactly once, personalised, with both parts, the attachment and the footer', {
    timeout: 90_000,
  }, async () => {
    const { token, templateId: _intro, accountId, leadIds } = await sender('bulk', { count: 200 });
    const withFile = await template(token, {
      name: 'Brochure',
      subject: 'Hello {firstName|there}',
      attachments: [
        {
          name: 'brochure.pdf',
          contentType: 'application/pdf',
          contentBytes: Buffer.from('%PDF-1.4').toString('base64'),
        },
      ],
    });
    const id = await start(token, { accountId, templateId: withFile, leadIds });
    expect(await campaign(token, id)).toMatchObject({ status: 'running', totalEmails: 200, emailsSent: 0 });
    // The workers' job is on the queue; here the test runs the sender itself.
    const jobs = await queryRows<{ data: { campaignId: number } }>(
      t.database.db,
      sql`SELECT data FROM pgboss.job WHERE name = 'campaigns.send'`,
    );
    expect(jobs.map((job) => job.data)).toContainEqual({ campaignId: id });
    await run(id);
    await run(id); // Running again finds nothing left to send.

    expect(smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('bulk-'))).toHaveLength(200);
    for (let i = 0; i < 200; i++) expect(recipientsOf(`bulk-${i}@leads.test`)).toHaveLength(1);
    const [first] = recipientsOf('bulk-7@leads.test');
    expect(first.mail.subject).toBe('Hello Lead7');
    expect(first.mail.from?.value).toEqual([{ name: 'Sales', address: 'sender@smtp.test' }]);
    expect(first.mail.html).toContain('<p>Hi Lead7, a note for Company 7.</p>');
    expect(first.mail.html).toContain('1 Harbor Way, Austin, TX 78701');
    expect(first.mail.text).toContain('Hi Lead7, a note for Company 7.');
    expect(first.mail.attachments.map((file) => file.filename)).toEqual(['brochure.pdf']);
    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.leadId, leadIds[7]));
    // Derived from the row and signed: nobody who did not get the mail can name it (decision 0058).
    expect(first.mail.messageId).toMatch(new RegExp(`^<campaign-${id}\\.${row.id}\\.[0-9a-f]{16}@smtp\\.test>$`));
    expect(row).toMatchObject({ state: 'sent', attempts: 1, sentWeek: '2026-W48', subject: 'Hello Lead7' });
    // The lead's history reads the same rows.
    const detail = (await call('GET', `/api/leads/${leadIds[7]}`, token)).json();
    expect(detail).toMatchObject({ contactCount: 1, emailHistory: [{ subject: 'Hello Lead7' }] });

    expect(await campaign(token, id)).toMatchObject({
      status: 'completed',
      totalEmails: 200,
      emailsSent: 200,
      emailsFailed: 0,
      emailsSkipped: 0,
      emailsUnknown: 0,
      errorMessage: null,
      waitingReason: null,
    });
  });

  it('stops at the daily limit with the reason, and goes on after the user’s midnight', {
    timeout: 90_000,
  }, async () => {
    const { token, accountId, templateId, leadIds } = await sender('limited', { count: 80, dailyLimit: 50 });
    const id = await start(token, { accountId, templateId, leadIds });
    await expect(run(id)).rejects.toBeInstanceOf(DailyLimitError);
    expect(smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('limited-'))).toHaveLength(50);
    // Every mail the peer took is committed `sent`; any other row shows here with its error.
    const rows = await t.database.db
      .select({ id: campaignRecipients.id, state: campaignRecipients.state, lastError: campaignRecipients.lastError })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(rows.filter((row) => row.state !== 'sent' && row.state !== 'pending')).toEqual([]);
    expect(await campaign(token, id)).toMatchObject({
      status: 'running',
      emailsSent: 50,
      waitingReason: 'Daily limit reached on sender@smtp.test: resumes at 00:00 (UTC), 30 left',
    });

    now = new Date('2026-11-24T00:00:05Z');
    await run(id);
    expect(smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('limited-'))).toHaveLength(80);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 80, waitingReason: null });
  });

  /**
   * Runs `body` while the database fails the reservations of the account's sends (the statement that also commits a
   * loop's last mail): the reservations numbered in `allowed` (1, 2, … in the order they run) go through, every
   * other fails as a statement does on a lost connection or a deadlock, rolled back whole.
   */
  async function withFailingReservations(accountId: number, allowed: number[], body: () => Promise<void>) {
    const db = t.database.db;
    await db.execute(sql.raw('CREATE SEQUENCE test_reservations'));
    await db.execute(
      sql.raw(`CREATE FUNCTION test_fail_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = ${accountId} AND NEW.next_send_at IS DISTINCT FROM OLD.next_send_at THEN
          IF nextval('test_reservations') NOT IN (${allowed.join(',')}) THEN
            RAISE EXCEPTION 'the reservation failed';
          END IF;
        END IF;
        RETURN NEW;
      END $$`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER test_fail_reservation BEFORE UPDATE ON email_accounts FOR EACH ROW EXECUTE FUNCTION test_fail_reservation()',
      ),
    );
    try {
      await body();
    } finally {
      await db.execute(sql.raw('DROP TRIGGER test_fail_reservation ON email_accounts'));
      await db.execute(sql.raw('DROP FUNCTION test_fail_reservation'));
      await db.execute(sql.raw('DROP SEQUENCE test_reservations'));
    }
  }
  const reservationFailed = { cause: expect.objectContaining({ message: 'the reservation failed' }) };

  /** The states of the campaign's rows, sorted (which pending row a loop claims next is not fixed: SKIP LOCKED). */
  const statesOf = async (campaignId: number) =>
    (
      await t.database.db
        .select({ state: campaignRecipients.state })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId))
    )
      .map((row) => row.state)
      .sort();

  it('commits a mail the mailbox accepted as sent when reserving the next one fails', async () => {
    const { token, accountId, templateId, leadIds } = await sender('next-fails', { count: 6 });
    const id = await start(token, { accountId, templateId, leadIds });
    // The first reservation goes through; every later one fails, the one that would commit the first mail among them.
    await withFailingReservations(accountId, [1], () => expect(run(id)).rejects.toMatchObject(reservationFailed));
    expect(recipientsOf('next-fails-0@leads.test')).toHaveLength(1);
    expect(await statesOf(id)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'sent']);

    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 6 });
    for (let i = 0; i < 6; i++) expect(recipientsOf(`next-fails-${i}@leads.test`)).toHaveLength(1);
  });

  it('reports a failed statement rather than another send loop’s daily limit', async () => {
    const { token, accountId, templateId, leadIds } = await sender('limit-and-fault', { count: 4, dailyLimit: 2 });
    const id = await start(token, { accountId, templateId, leadIds });
    // The second loop's reservation fails; the others reach the daily limit after two mails.
    await withFailingReservations(accountId, [1, 3], () => expect(run(id)).rejects.toMatchObject(reservationFailed));
    expect(smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('limit-and-fault-'))).toHaveLength(2);
    expect(await statesOf(id)).toEqual(['pending', 'pending', 'sent', 'sent']);
    // What the limit leaves for tomorrow waits for it.
    await expect(run(id)).rejects.toBeInstanceOf(DailyLimitError);
  });

  it('skips leads mailed this week, leads that got the template, unsubscribed, bounced and foreign leads', async () => {
    now = new Date('2026-11-29T10:00:00Z'); // Sunday: the last day of ISO week 48
    const owner = await sender('skips', { count: 6 });
    const stranger = await sender('skip-stranger', { count: 1 });
    const first = await start(owner.token, { ...owner, leadIds: owner.leadIds.slice(0, 2) });
    await run(first);
    await t.database.db.update(leads).set({ status: 'unsubscribed' }).where(eq(leads.id, owner.leadIds[2]));
    await t.database.db.update(leads).set({ status: 'bounced' }).where(eq(leads.id, owner.leadIds[3]));

    const other = await template(owner.token, { name: 'Other', subject: 'Other news' });
    const second = await start(owner.token, {
      accountId: owner.accountId,
      templateId: other,
      leadIds: [...owner.leadIds, stranger.leadIds[0], 999_999_999],
    });
    await run(second);
    // Only leads 4 and 5 can be mailed: 0 and 1 got a mail this week, 2 and 3 may not be mailed, two are not ours.
    expect(await campaign(owner.token, second)).toMatchObject({
      status: 'completed',
      totalEmails: 2,
      emailsSent: 2,
      emailsSkipped: 6,
    });
    expect(recipientsOf('skip-stranger-0@leads.test')).toHaveLength(0);
    expect(recipientsOf('skips-2@leads.test')).toHaveLength(0);

    // Next week (Monday) the weekly rule lets leads 0 and 1 through, but not for the template they already got.
    now = new Date('2026-11-30T10:00:00Z');
    const again = await start(owner.token, { ...owner, leadIds: owner.leadIds.slice(0, 2) });
    expect(await campaign(owner.token, again)).toMatchObject({ status: 'completed', totalEmails: 0, emailsSkipped: 2 });
    const third = await template(owner.token, { name: 'Third', subject: 'Week two' });
    const weekTwo = await start(owner.token, {
      accountId: owner.accountId,
      templateId: third,
      leadIds: owner.leadIds.slice(0, 2),
    });
    await run(weekTwo);
    expect(recipientsOf('skips-0@leads.test')).toHaveLength(2);
  });

  it('queues the recipients of a campaign larger than one statement’s chunk whole, in the order of the leads', async () => {
    const owner = await sender('chunks', { count: 10_050 });
    // Given backwards, twice over, with a lead that is not there: chunks of 10,000 split what remains in two.
    const leadIds = [...owner.leadIds].reverse();
    const id = await start(owner.token, { ...owner, leadIds: [...leadIds, ...leadIds, 999_999_999] });
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'running', totalEmails: 10_050, emailsSkipped: 1 });
    const queued = await t.database.db
      .select({ leadId: campaignRecipients.leadId })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(campaignRecipients.id);
    expect(queued.map((row) => row.leadId)).toEqual(owner.leadIds);
    // Not sent here: paused, so that no later test's sender takes it up.
    expect((await call('POST', `/api/campaigns/${id}/pause`, owner.token)).statusCode).toBe(200);
  }, 60_000);

  it('tries a 421 again after a wait, and fails a 550 5.1.1 at once, bouncing the lead', async () => {
    const { token, accountId, templateId, leadIds } = await sender('answers', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    // Refused until told otherwise: a 421 closes the connection, and nodemailer's pool sends a message it had not
    // started again over a new one, which this server refuses too.
    smtp.failRecipient('answers-0@leads.test', 421, '4.7.0 Try again later', Number.POSITIVE_INFINITY);
    await expect(run(id)).rejects.toBeInstanceOf(CampaignWaitingError);
    smtp.acceptRecipient('answers-0@leads.test');
    expect(recipientsOf('answers-0@leads.test')).toHaveLength(0);
    expect(recipientsOf('answers-1@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'running', emailsSent: 2 });

    now = new Date(now.getTime() + 61_000);
    await run(id);
    expect(recipientsOf('answers-0@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 3 });

    const bounced = await sender('bounce', { count: 2 });
    const second = await start(bounced.token, bounced);
    smtp.failRecipient('bounce-0@leads.test', 550, '5.1.1 <bounce-0@leads.test>: no such user');
    await run(second);
    expect(await campaign(bounced.token, second)).toMatchObject({
      status: 'completed',
      emailsSent: 1,
      emailsFailed: 1,
    });
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, bounced.leadIds[0]));
    expect(lead.status).toBe('bounced');
  });

  it('calls a mail unknown when the connection broke after the server took it, and never sends it again', async () => {
    const { token, accountId, templateId, leadIds } = await sender('dropped', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    smtp.dropAfterData('dropped-1@leads.test');
    await run(id);
    await run(id);
    expect(recipientsOf('dropped-1@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 2, emailsUnknown: 1 });
    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.leadId, leadIds[1]));
    expect(row.state).toBe('unknown');
    expect(row.lastError).toMatch(/may or may not have been sent/);
  });

  it('fails a campaign whose every mail failed, saying why', async () => {
    const { token, accountId, templateId, leadIds } = await sender('refused', { count: 2 });
    const id = await start(token, { accountId, templateId, leadIds });
    smtp.failNextWith(552, '5.3.4 Message size exceeds fixed limit', 2);
    await run(id);
    const result = await campaign(token, id);
    expect(result).toMatchObject({ status: 'failed', emailsFailed: 2, emailsSent: 0 });
    expect(result.errorMessage).toBe(
      'Every email failed. The last error: The SMTP server refused the message: 552 5.3.4 Message size exceeds fixed limit',
    );
  });

  it('pauses every campaign of the mailbox and marks the account when the mailbox refuses the sign-in', async () => {
    const { token, accountId, templateId, leadIds } = await sender('locked', { count: 4, smtpPassword: 'changed' });
    const id = await start(token, { accountId, templateId, leadIds: leadIds.slice(0, 3) });
    const other = await template(token, { name: 'Other', subject: 'Other news' });
    const alongside = await start(token, { accountId, templateId: other, leadIds: [leadIds[3]] });
    await run(id);
    expect(await campaign(token, alongside)).toMatchObject({ status: 'paused', emailsSent: 0 });
    const result = await campaign(token, id);
    expect(result).toMatchObject({ status: 'paused', emailsSent: 0, emailsFailed: 0, totalEmails: 3 });
    expect(result.errorMessage).toMatch(/^Sending stopped: sender@smtp.test refused the sign-in \(SMTP login failed/);
    expect(result.errorMessage).toMatch(
      /Reconnect the mailbox on the Email Accounts page, then resume the campaign\.$/,
    );
    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(account.status).toBe('error');
    const states = await t.database.db
      .select({ state: campaignRecipients.state })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(states.map((row) => row.state)).toEqual(['pending', 'pending', 'pending']);
  });

  it('never sends a row again that a stopped sender left mid-send: it is unknown', async () => {
    const { token, accountId, templateId, leadIds } = await sender('crash', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    // What a sender killed between claiming the row and committing its outcome leaves behind.
    await t.database.db
      .update(campaignRecipients)
      .set({ state: 'sending', attempts: 1, claimedAt: now })
      .where(eq(campaignRecipients.leadId, leadIds[0]));
    now = new Date(now.getTime() + STALE_SENDING_MS + 1000);
    await run(id);
    expect(recipientsOf('crash-0@leads.test')).toHaveLength(0);
    expect(await campaign(token, id)).toMatchObject({
      status: 'completed',
      totalEmails: 3,
      emailsSent: 2,
      emailsUnknown: 1,
    });
  });

  it('sends each mail once when two senders run the same campaign at the same time', async () => {
    const { token, accountId, templateId, leadIds } = await sender('pair', { count: 40 });
    const id = await start(token, { accountId, templateId, leadIds });
    // A sender that runs out of rows while another still sends one hands the job back to come again later.
    const results = await Promise.allSettled([run(id), run(id), run(id)]);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(CampaignWaitingError);
    }
    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
    for (let i = 0; i < 40; i++) expect(recipientsOf(`pair-${i}@leads.test`)).toHaveLength(1);
    const rows = await t.database.db
      .select({ attempts: campaignRecipients.attempts })
      .from(campaignRecipients)
      .where(inArray(campaignRecipients.leadId, leadIds));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 40 });
  });
});

describe('inbox rotation and pace', () => {
  it('spreads a campaign over several mailboxes, each within its own daily limit', async () => {
    const owner = await sender('rotation', { count: 13, dailyLimit: 5 });
    const second = await seedSmtpAccount(t.database.db, owner.userId, smtp, {
      email: 'second@smtp.test',
      dailyLimit: 4,
    });
    const id = await start(owner.token, { ...owner, accountIds: [second] });
    expect(await campaign(owner.token, id)).toMatchObject({ accountIds: [owner.accountId, second] });
    await expect(run(id)).rejects.toBeInstanceOf(DailyLimitError);
    const mails = smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('rotation-'));
    const from = (address: string) => mails.filter((mail) => mail.mail.from?.value[0].address === address);
    expect(from('sender@smtp.test')).toHaveLength(5);
    expect(from('second@smtp.test')).toHaveLength(4);
    // A mail names the mailbox it left from, in its Message-ID too.
    expect(from('second@smtp.test')[0].mail.messageId).toMatch(
      new RegExp(`^<campaign-${id}\\.\\d+\\.[0-9a-f]{16}@smtp\\.test>$`),
    );
    expect(await campaign(owner.token, id)).toMatchObject({
      status: 'running',
      emailsSent: 9,
      waitingReason: 'Daily limit reached on sender@smtp.test, second@smtp.test: resumes at 00:00 (UTC), 4 left',
    });
    const accounts = (await call('GET', '/api/email-accounts', owner.token)).json();
    expect(accounts.map((account: { status: string }) => account.status)).toEqual(['rate_limited', 'rate_limited']);

    now = new Date('2026-11-24T00:00:05Z');
    await run(id);
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'completed', emailsSent: 13 });
    for (let i = 0; i < 13; i++) expect(recipientsOf(`rotation-${i}@leads.test`)).toHaveLength(1);
  });

  it('refuses a rotation mailbox of another user', async () => {
    const owner = await sender('rotation-owner', { count: 1 });
    const stranger = await sender('rotation-stranger');
    const response = await call('POST', '/api/campaigns/send-mass-email', owner.token, {
      ...owner,
      accountIds: [stranger.accountId],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Email account not found');
  });

  it('sends no faster than the mailbox’s pace, with random gaps between mails', async () => {
    const { token, accountId, templateId, leadIds } = await sender('paced', { count: 12, sendsPerMinute: 6 });
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 12 });
    // The first mail goes at once; each other waited for its slot, 10 to 15 s after the one before (the last
    // slots were taken by send loops that then found nothing left to send).
    expect(paceSlots.length).toBeGreaterThanOrEqual(11);
    const gaps = paceSlots.slice(1).map((slot, i) => (slot.getTime() - paceSlots[i].getTime()) / 1000);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(10);
      expect(gap).toBeLessThanOrEqual(15);
    }
    expect(new Set(gaps.map((gap) => gap.toFixed(3))).size).toBeGreaterThan(1);
  });

  it('sends when the clock reaches a pace slot that falls between two milliseconds', async () => {
    const { token, accountId, templateId, leadIds } = await sender('between', { count: 1, sendsPerMinute: 7 });
    // A slot 0.4 ms after the clock, as a pace of 7 a minute leaves them: JavaScript's clock reads it as now.
    await t.database.db
      .update(emailAccounts)
      .set({ nextSendAt: sql`'2026-11-23T10:00:00.0004Z'::timestamptz` })
      .where(eq(emailAccounts.id, accountId));
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 1 });
    // It went in that slot, not in the next one 8.6 to 12.9 s later.
    const [row] = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(row.claimedAt).toEqual(new Date('2026-11-23T10:00:00Z'));
  });

  it('takes a pace of 1 to 1000 emails a minute through PATCH /api/email-accounts/{id}', async () => {
    const { token, accountId } = await sender('pace-edit');
    const patch = (sendsPerMinute: number) =>
      call('PATCH', `/api/email-accounts/${accountId}`, token, { sendsPerMinute });
    expect((await call('GET', '/api/email-accounts', token)).json()[0].sendsPerMinute).toBe(30);
    expect((await patch(120)).json().sendsPerMinute).toBe(120);
    const tooFast = await patch(1001);
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json().message).toBe('sendsPerMinute: The pace can be at most 1000 emails a minute');
    expect((await patch(0)).json().message).toBe('sendsPerMinute: The pace must be at least 1 email a minute');
  });
});

describe('the one record of sent mail', () => {
  it('counts campaign mails and test mails in the mailbox volume of today and this week', async () => {
    const { token, accountId, templateId, leadIds } = await sender('volume', { count: 3 });
    await run(await start(token, { accountId, templateId, leadIds }));
    const test = await call('POST', `/api/email-accounts/${accountId}/test`, token, { to: 'me@volume.test' });
    expect(test.statusCode, test.body).toBe(200);
    expect((await call('GET', '/api/email-accounts/stats', token)).json()).toEqual({
      emailsSentToday: 4,
      emailsSentThisWeek: 4,
    });
    // A test mail is not a campaign mail: the dashboard's figures leave it out.
    expect((await call('GET', '/api/dashboard/stats', token)).json()).toMatchObject({ totalEmailsSent: 3 });
  });
});

describe('campaigns that lost their sender', () => {
  it('get a new run when their sender was not seen for a while, and a live or waiting one is left alone', async () => {
    const { token, accountId, templateId, leadIds } = await sender('stalled', { count: 2 });
    const id = await start(token, { accountId, templateId, leadIds });
    const queued = async () =>
      (
        await queryRows<{ count: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'campaigns.send' AND data->>'campaignId' = ${String(id)}`,
        )
      )[0].count;
    const { campaigns: service } = t.container.services;
    const seen = (at: Date | null, due: Date | null = null) =>
      t.database.db.update(campaignsTable).set({ senderSeenAt: at, senderDueAt: due }).where(eq(campaignsTable.id, id));
    const before = await queued();

    await seen(new Date(now.getTime() - 60_000)); // alive a minute ago
    expect(await service.resumeStalled()).toBe(0);
    await seen(new Date(now.getTime() - 10 * 60_000), new Date(now.getTime() + 3600_000)); // waiting for a limit
    expect(await service.resumeStalled()).toBe(0);
    await seen(new Date(now.getTime() - 10 * 60_000)); // its worker died ten minutes ago
    expect(await service.resumeStalled()).toBe(1);
    expect(await queued()).toBe(before + 1);
    expect(await service.resumeStalled()).toBe(0); // not again while the new run is due

    // A worker that starts takes over at once a campaign whose sender was seen moments ago (it may have died
    // with the worker being restarted), but not one due later.
    await seen(new Date(now.getTime() - 1000));
    expect(await service.resumeStalled({ quietMs: 0 })).toBe(1);
    await seen(new Date(now.getTime() - 1000), new Date(now.getTime() + 3600_000));
    expect(await service.resumeStalled({ quietMs: 0 })).toBe(0);
    await seen(null);
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 2 });
  });
});

describe('the campaign job', () => {
  it('is run from the queue by a worker until the campaign completes', async () => {
    const { token, accountId, templateId, leadIds } = await sender('queued', { count: 5 });
    // The jobs of the campaigns above were run by the tests themselves; only this one's should be waiting.
    await t.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'campaigns.send'`);
    // A worker process's container on the same database: it takes the job the web side enqueued.
    const worker = await createContainer(testConfig, t.database, { clock, runsWorkers: true, sleep: async () => {} });
    await worker.jobs.startWorkers({ services: worker.services, log: { info() {}, warn() {} } });
    try {
      const id = await start(token, { accountId, templateId, leadIds });
      const deadline = Date.now() + 20_000;
      while ((await campaign(token, id)).status === 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 5 });
      for (let i = 0; i < 5; i++) expect(recipientsOf(`queued-${i}@leads.test`)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });
});

describe('unsubscribing (RFC 8058 one-click)', () => {
  const linkTokens = createLinkTokens(testConfig.sessionSecret);
  const header = (mail: SmtpPeer['received'][number]['mail'], name: string) =>
    mail.headerLines
      .find((line) => line.key === name)
      ?.line.replace(/^[^:]+:\s*/, '')
      .replace(/\r?\n[ \t]+/g, ' ');
  const leadStatus = async (id: number) =>
    (await t.database.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0].status;

  it('puts a link in every mail and its headers, which unsubscribes with no cookie, in one POST', async () => {
    const { token, accountId, templateId, leadIds } = await sender('unsub', { count: 2 });
    await run(await start(token, { accountId, templateId, leadIds }));
    const [{ mail }] = recipientsOf('unsub-0@leads.test');
    const link = /^<(http:\/\/localhost:5000\/u\/[^>]+)>, <mailto:[^?>]+\?subject=unsubscribe>$/.exec(
      header(mail, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.text).toContain(`Unsubscribe: ${link}`);
    const path = new URL(String(link)).pathname;

    // Opening the link (as a mail scanner would) only asks.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe?');
    expect(page.body).toContain('unsub-0@leads.test');
    expect(await leadStatus(leadIds[0])).toBe('active');

    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.headers.location).toBeUndefined();
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await leadStatus(leadIds[0])).toBe('unsubscribed');

    // Some clients post multipart; the other lead's link works the same way.
    const [{ mail: second }] = recipientsOf('unsub-1@leads.test');
    const secondPath = new URL(String(/<([^>]+)>/.exec(header(second, 'list-unsubscribe') ?? '')?.[1])).pathname;
    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: secondPath,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await leadStatus(leadIds[1])).toBe('unsubscribed');
  });

  it('answers 404 to a changed link and leaves the lead alone', async () => {
    const { token, accountId, templateId, leadIds } = await sender('tamper', { count: 1 });
    await run(await start(token, { accountId, templateId, leadIds }));
    const [{ mail }] = recipientsOf('tamper-0@leads.test');
    const path = new URL(String(/<([^>]+)>/.exec(header(mail, 'list-unsubscribe') ?? '')?.[1])).pathname;
    const [, id, signature] = /^\/u\/(\d+)\.(.+)$/.exec(path) ?? [];
    for (const changed of [`/u/${Number(id) + 1}.${signature}`, `/u/${id}.${signature.slice(1)}A`, '/u/nonsense']) {
      expect((await t.app.inject({ method: 'GET', url: changed })).statusCode).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: changed,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(404);
    }
    expect(await leadStatus(leadIds[0])).toBe('active');
  });

  it('skips the mails still waiting for a lead who unsubscribed, in every campaign', async () => {
    const { token, accountId, templateId, leadIds } = await sender('waiting', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    const [row] = await t.database.db
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.leadId, leadIds[1]));
    const response = await t.app.inject({
      method: 'POST',
      url: `/u/${linkTokens.sign('unsubscribe', row.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    await run(id);
    expect(recipientsOf('waiting-1@leads.test')).toHaveLength(0);
    expect(await campaign(token, id)).toMatchObject({
      status: 'completed',
      totalEmails: 2,
      emailsSent: 2,
      emailsSkipped: 1,
    });
  });
});

describe('listing, pausing, resuming and resending unknown mails', () => {
  it('lists the user’s campaigns newest first with template and mailbox, and nobody else’s', async () => {
    const owner = await sender('lister', { count: 2 });
    const stranger = await sender('lister-stranger', { count: 1 });
    const older = await start(owner.token, { ...owner, leadIds: [owner.leadIds[0]] });
    now = new Date(now.getTime() + 1000);
    const other = await template(owner.token, { name: 'Second', subject: 'Again' });
    const newer = await start(owner.token, {
      accountId: owner.accountId,
      templateId: other,
      leadIds: [owner.leadIds[1]],
    });
    await start(stranger.token, stranger);

    const list = (await call('GET', '/api/campaigns', owner.token)).json();
    expect(list.map((item: { id: number }) => item.id)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({ templateName: 'Second', accountEmail: 'sender@smtp.test', totalEmails: 1 });
    expect((await call('GET', `/api/campaigns/${newer}`, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/campaigns/${newer}/pause`, stranger.token)).statusCode).toBe(404);
  });

  it('pauses after the mail in flight and resumes where it stopped', async () => {
    const { token, accountId, templateId, leadIds } = await sender('pausing', { count: 4 });
    const id = await start(token, { accountId, templateId, leadIds });
    const paused = await call('POST', `/api/campaigns/${id}/pause`, token);
    expect(paused.json()).toMatchObject({ status: 'paused', waitingReason: 'Paused by you' });
    await run(id);
    expect(smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('pausing-'))).toHaveLength(0);
    expect((await call('POST', `/api/campaigns/${id}/pause`, token)).json().message).toBe(
      'Only a running campaign can be paused',
    );

    const resumed = await call('POST', `/api/campaigns/${id}/resume`, token);
    expect(resumed.json()).toMatchObject({ status: 'running', waitingReason: null });
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 4 });
  });

  it('sends unknown mails again only when the user asks', async () => {
    const { token, accountId, templateId, leadIds } = await sender('resend', { count: 2 });
    const id = await start(token, { accountId, templateId, leadIds });
    await t.database.db
      .update(campaignRecipients)
      .set({ state: 'unknown', attempts: 1 })
      .where(eq(campaignRecipients.leadId, leadIds[0]));
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 1, emailsUnknown: 1 });
    expect(recipientsOf('resend-0@leads.test')).toHaveLength(0);

    const resent = await call('POST', `/api/campaigns/${id}/resend-unknown`, token);
    expect(resent.json()).toMatchObject({ status: 'running', emailsUnknown: 0 });
    await run(id);
    expect(recipientsOf('resend-0@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 2, emailsUnknown: 0 });
    const again = await call('POST', `/api/campaigns/${id}/resend-unknown`, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This campaign has no emails with an unknown outcome');
  });

  it('resumes a campaign stopped by refused credentials only once the mailbox works again', async () => {
    const { token, accountId, templateId, leadIds } = await sender('relock', { count: 1, smtpPassword: 'old' });
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    expect((await campaign(token, id)).status).toBe('paused');
    const refused = await call('POST', `/api/campaigns/${id}/resume`, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^sender@smtp.test needs attention before it can send: SMTP login failed/);
  });
});

describe('stopping a worker', () => {
  it('finishes the mail in flight, leaves no row sending, and another sender goes on without doubles', async () => {
    const { token, accountId, templateId, leadIds } = await sender('stopping', { count: 100 });
    const id = await start(token, { accountId, templateId, leadIds });
    const { services } = t.container;
    const newSender = () =>
      createCampaignSender({
        db: t.database.db,
        clock,
        allowance: services.allowance,
        transports: services.transports,
        linkTokens: createLinkTokens(testConfig.sessionSecret),
        bounceAddresses: createBounceAddresses(testConfig.sessionSecret),
        publicUrl: testConfig.publicUrl,
        mailDomains: services.mailDomains,
        brakes: services.campaignBrakes,
        sleep: async () => {},
      });
    const leaving = newSender();
    const running = leaving.run(id).catch((error: unknown) => error);
    const sentSoFar = () => smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('stopping-')).length;
    while (sentSoFar() < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    leaving.stop();
    expect(await running).toBeInstanceOf(CampaignWaitingError);
    const states = await t.database.db
      .select({ state: campaignRecipients.state })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(states.filter((row) => row.state === 'sending')).toHaveLength(0);
    expect(states.filter((row) => row.state === 'pending').length).toBeGreaterThan(0);

    await newSender().run(id);
    for (let i = 0; i < 100; i++) expect(recipientsOf(`stopping-${i}@leads.test`)).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 100 });
  });
});

describe('GET /api/dashboard/stats', () => {
  it('counts the user’s mails and answers, with rates in percent to one decimal', async () => {
    const { token, accountId, templateId, leadIds } = await sender('stats', { count: 4 });
    expect((await call('GET', '/api/dashboard/stats', token)).json()).toEqual({
      totalEmailsSent: 0,
      emailsDelivered: 0,
      emailsOpened: 0,
      emailsClicked: 0,
      emailsResponded: 0,
      deliveryRate: 0,
      openRate: 0,
      clickRate: 0,
      responseRate: 0,
      conversionRate: 0,
      machineEventsLeftOut: 0,
      meetingsBooked: 0,
    });
    const id = await start(token, { accountId, templateId, leadIds });
    smtp.failRecipient('stats-0@leads.test', 550, '5.1.1 no such user');
    await run(id);
    // One lead answered (the replies reader will record this).
    await t.database.db
      .update(campaignRecipients)
      .set({ repliedAt: now })
      .where(eq(campaignRecipients.leadId, leadIds[1]));
    expect((await call('GET', '/api/dashboard/stats', token)).json()).toEqual({
      totalEmailsSent: 4,
      emailsDelivered: 3,
      emailsOpened: 0,
      emailsClicked: 0,
      emailsResponded: 1,
      deliveryRate: 75,
      openRate: 0,
      clickRate: 0,
      responseRate: 33.3,
      conversionRate: 33.3,
      machineEventsLeftOut: 0,
      meetingsBooked: 0,
    });
    expect(
      (await call('GET', '/api/dashboard/stats', (await sender('stats-other')).token)).json().totalEmailsSent,
    ).toBe(0);
  });
});
