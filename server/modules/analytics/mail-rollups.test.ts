import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  campaignRecipients,
  campaigns,
  emailAccounts,
  leads,
  providerConnections,
  templates,
  trackingEvents,
  users,
} from '../../db/schema';
import { createTestDatabase } from '../../test/database';

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.dispose());

/** What can happen to a user's campaign mails, in the statements the app uses for each. */
const operation = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('queue' as const),
      lead: fc.nat(2),
      campaign: fc.nat(1),
      step: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('claim' as const), pick: fc.nat(), account: fc.nat(2) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('sent', 'sent', 'failed', 'unknown'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('hit' as const),
      pick: fc.nat(),
      click: fc.boolean(),
      machine: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('scanner' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reply' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bounce' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resend-unknown' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete-lead' as const), lead: fc.nat(2) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('timezone' as const),
      zone: fc.constantFrom('Asia/Kolkata', 'America/New_York', 'UTC'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 3000 }) }),
  },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

let run = 0;

/** A user with three leads (so they get several mails), two templates (the second for step 2), two campaigns and two mailboxes. */
async function owner() {
  const [user] = await db
    .insert(users)
    .values({ email: `rollups-${++run}@analytics.test`, passwordHash: 'not used' })
    .returning({ id: users.id });
  const userId = user.id;
  const made = await db
    .insert(leads)
    .values(Array.from({ length: 3 }, (_, index) => ({ userId, email: `lead-${run}-${index}@leads.test` })))
    .returning({ id: leads.id });
  const madeTemplates = await db
    .insert(templates)
    .values(
      ['First', 'Follow-up'].map((name) => ({
        userId,
        name,
        subject: name,
        body: '<p>Hi</p>',
        status: 'active' as const,
      })),
    )
    .returning({ id: templates.id });
  const madeCampaigns = await db
    .insert(campaigns)
    .values([
      { userId, templateId: madeTemplates[0].id },
      { userId, templateId: madeTemplates[0].id },
    ])
    .returning({ id: campaigns.id });
  const accountIds: (number | null)[] = [null];
  for (const box of ['a', 'b']) {
    const email = `${box}-${run}@mail.test`;
    const [connection] = await db
      .insert(providerConnections)
      .values({ userId, provider: 'smtp', email, credentials: 'x' })
      .returning({ id: providerConnections.id });
    const [account] = await db
      .insert(emailAccounts)
      .values({ userId, connectionId: connection.id, email })
      .returning({ id: emailAccounts.id });
    accountIds.unshift(account.id);
  }
  return {
    userId,
    leadIds: made.map((row) => row.id),
    stepTemplateId: madeTemplates[1].id,
    campaignIds: madeCampaigns.map((row) => row.id),
    accountIds,
    deletedLeads: new Set<number>(),
  };
}

type Owner = Awaited<ReturnType<typeof owner>>;

/** The owner's mails in one state, oldest first, to pick from. */
async function mailsIn(who: Owner, states: string[]) {
  return db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.userId, who.userId), inArray(campaignRecipients.state, states as never)))
    .orderBy(campaignRecipients.id);
}

async function apply(who: Owner, op: Operation, at: Date) {
  const pickFrom = async (states: string[], pick: number) => {
    const rows = await mailsIn(who, states);
    return rows.length === 0 ? null : rows[pick % rows.length].id;
  };
  switch (op.kind) {
    case 'queue':
      if (who.deletedLeads.has(op.lead)) return;
      await db
        .insert(campaignRecipients)
        .values({
          campaignId: who.campaignIds[op.campaign],
          userId: who.userId,
          leadId: who.leadIds[op.lead],
          step: op.step,
          templateId: op.step === 2 ? who.stepTemplateId : null,
        })
        .onConflictDoNothing();
      return;
    case 'claim': {
      const id = await pickFrom(['pending'], op.pick);
      if (id === null) return;
      await db
        .update(campaignRecipients)
        .set({ state: 'sending', claimedAt: at, accountId: who.accountIds[op.account], attempts: sql`attempts + 1` })
        .where(eq(campaignRecipients.id, id));
      return;
    }
    case 'settle': {
      const id = await pickFrom(['sending'], op.pick);
      if (id === null) return;
      await db
        .update(campaignRecipients)
        .set({ state: op.outcome, sentAt: op.outcome === 'sent' ? at : null, subject: 'Hello' })
        .where(eq(campaignRecipients.id, id));
      return;
    }
    case 'hit': {
      const id = await pickFrom(['sent'], op.pick);
      if (id === null) return;
      await db.insert(trackingEvents).values({
        userId: who.userId,
        recipientId: id,
        kind: op.click ? 'click' : 'open',
        url: op.click ? 'https://example.test/' : null,
        machine: op.machine,
        createdAt: at,
      });
      return;
    }
    case 'scanner': {
      // A burst turns the person's clicks of one mail into a scanner's, as the tracking service does.
      const id = await pickFrom(['sent', 'failed'], op.pick);
      if (id === null) return;
      await db
        .update(trackingEvents)
        .set({ machine: true, machineReason: 'click_burst' })
        .where(and(eq(trackingEvents.recipientId, id), eq(trackingEvents.kind, 'click')));
      return;
    }
    case 'reply': {
      const id = await pickFrom(['sent', 'unknown'], op.pick);
      if (id === null) return;
      await db
        .update(campaignRecipients)
        .set({ repliedAt: sql`coalesce(${campaignRecipients.repliedAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(campaignRecipients.id, id));
      return;
    }
    case 'bounce': {
      const id = await pickFrom(['sent'], op.pick);
      if (id === null) return;
      await db.update(campaignRecipients).set({ state: 'failed' }).where(eq(campaignRecipients.id, id));
      return;
    }
    case 'resend-unknown':
      await db
        .update(campaignRecipients)
        .set({ state: 'pending', claimedAt: null })
        .where(and(eq(campaignRecipients.userId, who.userId), eq(campaignRecipients.state, 'unknown')));
      return;
    case 'delete-lead':
      who.deletedLeads.add(op.lead);
      await db.delete(leads).where(eq(leads.id, who.leadIds[op.lead]));
      return;
    case 'timezone':
      await db.update(users).set({ timezone: op.zone }).where(eq(users.id, who.userId));
      return;
    case 'wait':
      return;
  }
}

type Bucket = Record<string, string | number>;

/** The owner's rollup rows as the triggers kept them (empty buckets left out). */
async function rollups(userId: string): Promise<Bucket[]> {
  return queryRows<Bucket>(
    db,
    sql`SELECT day::text AS day, hour, template_id::int, account_id::int, step, mails, delivered, opened, clicked,
          replied, delivered_replied, machine_events, leads_mailed, leads_replied
        FROM mail_rollups WHERE user_id = ${userId}
          AND (mails, delivered, opened, clicked, replied, delivered_replied, machine_events, leads_mailed, leads_replied)
            <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
        ORDER BY 1, 2, 3, 4, 5`,
  );
}

/** The same figures counted from scratch from the mails and their hits, as the rollups must always equal. */
async function recount(userId: string): Promise<Bucket[]> {
  return queryRows<Bucket>(
    db,
    sql`WITH first_mails AS (
          SELECT DISTINCT ON (lead_id) id FROM campaign_recipients
          WHERE user_id = ${userId} AND kind = 'campaign' AND state = 'sent' ORDER BY lead_id, sent_at, id
        ), answering_leads AS (
          SELECT DISTINCT lead_id FROM campaign_recipients
          WHERE user_id = ${userId} AND kind = 'campaign' AND replied_at IS NOT NULL
        ), mails AS (
          SELECT r.*, coalesce(r.sent_at, r.claimed_at, 'epoch') AT TIME ZONE u.timezone AS local_at,
            coalesce(r.template_id, c.template_id, 0) AS template,
            EXISTS (SELECT 1 FROM tracking_events e WHERE e.recipient_id = r.id AND NOT e.machine) AS person_opened,
            EXISTS (SELECT 1 FROM tracking_events e WHERE e.recipient_id = r.id AND NOT e.machine AND e.kind = 'click')
              AS person_clicked,
            (SELECT count(*) FROM tracking_events e WHERE e.recipient_id = r.id AND e.machine) AS machine_hits,
            r.id IN (SELECT id FROM first_mails) AS first_mail
          FROM campaign_recipients r JOIN users u ON u.id = r.user_id LEFT JOIN campaigns c ON c.id = r.campaign_id
          WHERE r.user_id = ${userId} AND r.kind = 'campaign' AND r.state IN ('sent', 'failed', 'unknown')
        )
        SELECT local_at::date::text AS day, extract(hour FROM local_at)::int AS hour, template::int AS template_id,
          coalesce(account_id, 0)::int AS account_id, step,
          count(*)::int AS mails,
          count(*) FILTER (WHERE state = 'sent')::int AS delivered,
          count(*) FILTER (WHERE state = 'sent' AND person_opened)::int AS opened,
          count(*) FILTER (WHERE state = 'sent' AND person_clicked)::int AS clicked,
          count(replied_at)::int AS replied,
          count(replied_at) FILTER (WHERE state = 'sent')::int AS delivered_replied,
          sum(machine_hits)::int AS machine_events,
          count(*) FILTER (WHERE first_mail)::int AS leads_mailed,
          count(*) FILTER (WHERE first_mail AND lead_id IN (SELECT lead_id FROM answering_leads))::int AS leads_replied
        FROM mails GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
  );
}

describe('mail rollups', () => {
  // About 10,000 statements over the server's connection: longer than the default 30 s on a busy machine.
  it('equal a full recount after any mix of sends, failures, opens, clicks, replies, bounces and deletions', {
    timeout: 180_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 30, maxLength: 90, size: 'max' }), async (operations) => {
        const who = await owner();
        let at = new Date('2026-03-28T20:00:00Z');
        for (const op of operations) {
          // Time always moves on, so the lead's first delivered mail is never a tie.
          at = new Date(at.getTime() + (op.kind === 'wait' ? op.minutes * 60_000 : 7_000));
          await apply(who, op, at);
        }
        expect(await rollups(who.userId)).toEqual(await recount(who.userId));
      }),
      { numRuns: 60 },
    );
  });

  it('follow a timezone change: the same mails counted again in the user’s new local days and hours', async () => {
    const who = await owner();
    const at = new Date('2026-11-23T02:30:00Z');
    await apply(who, { kind: 'queue', lead: 0, campaign: 0, step: 1 }, at);
    await apply(who, { kind: 'claim', pick: 0, account: 0 }, at);
    await apply(who, { kind: 'settle', pick: 0, outcome: 'sent' }, at);
    await db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, who.userId));
    expect((await rollups(who.userId)).map((row) => [row.day, row.hour])).toEqual([['2026-11-23', 2]]);
    await db.update(users).set({ timezone: 'America/Los_Angeles' }).where(eq(users.id, who.userId));
    expect((await rollups(who.userId)).map((row) => [row.day, row.hour])).toEqual([['2026-11-22', 18]]);
  });
});
