import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { campaignRecipients } from '../../db/schema';
import { DailyLimitError } from '../sending/send-allowance';
import { createCampaignsTestApp, MONDAY_MORNING } from './campaigns-test-helpers';

let now = MONDAY_MORNING;
const { t, smtp, call, sender, template, start, campaign, run, recipientsOf } = await createCampaignsTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
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
      waitingReason: 'Daily limit of 50 reached on sender@smtp.test; 30 emails go out after midnight',
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
});
