import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasPostgresCode, PG_DEADLOCK_DETECTED } from '../../db/error-codes';
import { campaignRecipients, trackingEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LinkTokens } from '../../lib/link-tokens';
import { createWriteBatcher } from '../../lib/write-batcher';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import { clickOutcome } from './click-rules';
import { type EventRow, eventsToStore, type HitRequest, hitRows, type PendingHit } from './hit-rows';
import { emitHitEvents, type StoredEvent, type TrackedMail } from './hit-webhook-events';
import { CLICK_BURST_MS } from './machine-hits';
import { decodeClickTarget } from './mail-links';

export type TrackingService = ReturnType<typeof createTrackingService>;

/** Where a followed click link goes: its page, or a page saying it expired (with its address) or is not the mail's. */
export type ClickAnswer =
  | { outcome: 'redirect'; location: string }
  | { outcome: 'expired'; url: string; linkDays: number }
  | { outcome: 'not_in_mail' };

/** The most hits one write stores. */
const HITS_PER_WRITE = 500;
/** Tries of a write that PostgreSQL chose as a deadlock's victim (another process wrote the same mails). */
const DEADLOCK_TRIES = 3;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The Location of a click's redirect: the URL as the mail had it, or, when it holds characters a header cannot carry
 * (an accented host, a non-Latin path), the same URL as a browser would have requested it.
 */
const redirectLocation = (url: string) => (/^[\x21-\x7e]+$/.test(url) ? url : new URL(url).href);

/**
 * Opens and clicks of sent mails, through the pixel and click links `mailLinks` puts in them. The hits of a sent
 * row are kept as events, one per kind, address, link and minute with its repeats counted, and at most
 * STORED_EVENTS_PER_MAIL a mail (decision 0059), flagged as a machine's when a rule of `machine-hits.ts` says so; the
 * figures count the others. A click leads to its page only while its link is younger than `clickLinkDays`
 * (CLICK_LINK_DAYS) and its host was in its mail as sent (click-rules.ts). A person's new events are webhook events,
 * queued with them (hit-webhook-events.ts).
 */
export function createTrackingService(deps: {
  db: Database;
  clock: Clock;
  linkTokens: LinkTokens;
  clickLinkDays: number;
  webhookEvents: WebhookEmitter;
}) {
  const { db, clock, linkTokens, clickLinkDays, webhookEvents } = deps;

  /**
   * The sent mails among rows `ids` by id: owner, sending time, their links' hosts, flags and stored events (the
   * ceiling's count, through tracking_events_recipient_idx), and what webhook events say of them (the address from
   * the lead's row by its key). `lock` holds their rows, in id order.
   */
  async function sentMails(executor: Database | Transaction, ids: number[], lock: boolean) {
    const query = executor
      .select({
        id: campaignRecipients.id,
        userId: campaignRecipients.userId,
        sentAt: campaignRecipients.sentAt,
        linkHosts: campaignRecipients.linkHosts,
        humanOpened: campaignRecipients.humanOpened,
        humanClicked: campaignRecipients.humanClicked,
        // Spelled out: Drizzle writes a one-table select's columns unqualified, and the subquery would read its own.
        storedEvents: sql<number>`(SELECT count(*) FROM tracking_events e
          WHERE e.recipient_id = campaign_recipients.id)::int`,
        kind: campaignRecipients.kind,
        campaignId: campaignRecipients.campaignId,
        step: campaignRecipients.step,
        leadId: campaignRecipients.leadId,
        subject: campaignRecipients.subject,
        to: sql<string | null>`coalesce(campaign_recipients.to_address,
          (SELECT l.email FROM leads l WHERE l.id = campaign_recipients.lead_id))`,
      })
      .from(campaignRecipients)
      .where(
        and(sql`${campaignRecipients.id} = ANY(${sql.param(ids)}::bigint[])`, eq(campaignRecipients.state, 'sent')),
      )
      .orderBy(campaignRecipients.id);
    const rows = lock ? await query.for('update') : await query;
    return new Map<number, TrackedMail>(
      rows.flatMap(({ id, sentAt, kind, campaignId, step, subject, to, ...mail }) => {
        if (!sentAt) return [];
        // Only campaign mails are events' emails: test mails and replies have no campaign.
        const ofEvent =
          kind === 'campaign' && campaignId !== null && to !== null
            ? { id, campaignId, step, leadId: mail.leadId, to, subject }
            : null;
        return [[id, { ...mail, sentAt, ofEvent }]];
      }),
    );
  }

  /**
   * Stores a group's events in one statement whose text is the same for any number of them (a column per array), so
   * building it costs nothing per hit. An event whose key is stored adds its hits to it instead (the unique index
   * tracking_events_minute_idx), and a person's hit makes it a person's, as eventsToStore does within the group.
   * Each event comes back saying whether it is new (PostgreSQL's xmax is 0 in a row the statement inserted).
   */
  const insertEvents = async (executor: Database | Transaction, rows: EventRow[]): Promise<StoredEvent[]> => {
    const result = (await executor.execute(sql`
      INSERT INTO ${trackingEvents} AS e
        (user_id, recipient_id, kind, url, machine, machine_reason, ip_address, user_agent, created_at, minute, hits)
      SELECT * FROM unnest(
        ${sql.param(rows.map((row) => row.userId))}::uuid[],
        ${sql.param(rows.map((row) => row.recipientId))}::bigint[],
        ${sql.param(rows.map((row) => row.kind))}::text[],
        ${sql.param(rows.map((row) => row.url))}::text[],
        ${sql.param(rows.map((row) => row.machine))}::boolean[],
        ${sql.param(rows.map((row) => row.machineReason))}::text[],
        ${sql.param(rows.map((row) => row.ipAddress))}::text[],
        ${sql.param(rows.map((row) => row.userAgent))}::text[],
        ${sql.param(rows.map((row) => row.createdAt.toISOString()))}::timestamptz[],
        ${sql.param(rows.map((row) => row.minute.toISOString()))}::timestamptz[],
        ${sql.param(rows.map((row) => row.hits))}::int[])
      ON CONFLICT (recipient_id, kind, ip_address, (coalesce(md5(url), '')), minute) WHERE minute IS NOT NULL
      DO UPDATE SET
        hits = e.hits + excluded.hits,
        machine = e.machine AND excluded.machine,
        machine_reason = CASE WHEN e.machine AND excluded.machine THEN e.machine_reason END,
        user_agent = CASE WHEN e.machine AND NOT excluded.machine THEN excluded.user_agent ELSE e.user_agent END
      RETURNING e.id::int AS id, e.recipient_id::int AS "recipientId", e.kind, e.url, e.machine,
        (e.xmax = 0) AS inserted, (extract(epoch FROM e.created_at) * 1000)::float8 AS "atMs"`)) as unknown as {
      rows: Array<Omit<StoredEvent, 'at'> & { atMs: number }>;
    };
    return result.rows.map(({ atMs, ...event }) => ({ ...event, at: new Date(atMs) }));
  };

  /** Hits past their mails' ceilings, counted on the mails (only under a flood of one mail's links). */
  const countNotStored = (executor: Database | Transaction, notStored: Map<number, number>) =>
    executor.execute(sql`
      UPDATE ${campaignRecipients} AS r SET hits_not_stored = r.hits_not_stored + c.hits
      FROM unnest(${sql.param([...notStored.keys()])}::bigint[], ${sql.param([...notStored.values()])}::int[])
        AS c(id, hits)
      WHERE r.id = c.id`);

  /** The group's events, each mail's within its ceiling, and the count of those past it; the events as stored. */
  async function storeEvents(
    executor: Database | Transaction,
    rows: EventRow[],
    sent: Map<number, TrackedMail>,
  ): Promise<StoredEvent[]> {
    const { events, notStored } = eventsToStore(rows, sent);
    const stored = events.length > 0 ? await insertEvents(executor, events) : [];
    if (notStored.size > 0) await countNotStored(executor, notStored);
    return stored;
  }

  /** The clicks of `mails` stored since `since`, which new clicks of the same mails are weighed against. */
  const storedClicks = (tx: Transaction, mails: number[], since: Date) =>
    tx
      .select({
        id: trackingEvents.id,
        recipientId: trackingEvents.recipientId,
        url: trackingEvents.url,
        at: trackingEvents.createdAt,
        machine: trackingEvents.machine,
      })
      .from(trackingEvents)
      .where(
        and(
          sql`${trackingEvents.recipientId} = ANY(${sql.param(mails)}::bigint[])`,
          eq(trackingEvents.kind, 'click'),
          gte(trackingEvents.createdAt, since),
        ),
      );

  /**
   * Hits are written in groups (write-batcher.ts): those that come while a group is written go in together, and each
   * is answered once its group is stored (docs/decisions/0042, 0048). Opens alone (four hits in five) are two
   * statements and their webhook events in one transaction that locks nothing. With clicks, the group is one
   * transaction that locks its mails' rows in id order,
   * which puts each mail's clicks in order across groups and processes, so a scanner's burst of clicks on a mail's
   * links sees its own earlier clicks, stored or in the same group: the burst's first clicks looked like a person's
   * when they came, and are flagged with it. Each click learns there what it does, from its mail's row; only those
   * that lead to their page are stored.
   */
  async function writeHits(hits: PendingHit[]) {
    const mailIds = [...new Set(hits.map((hit) => hit.recipientId))];
    if (hits.every((hit) => hit.kind === 'open')) {
      await db.transaction(async (tx) => {
        const sent = await sentMails(tx, mailIds, false);
        const stored = await storeEvents(tx, hitRows(hits, sent, []).rows, sent);
        await emitHitEvents(webhookEvents, tx, stored, sent);
      });
      return;
    }
    await db.transaction(async (tx) => {
      const sent = await sentMails(tx, mailIds, true);
      for (const hit of hits) {
        if (hit.kind !== 'click' || hit.url === null) continue;
        hit.outcome = clickOutcome(
          { url: hit.url, issuedAt: hit.issuedAt ?? null },
          sent.get(hit.recipientId),
          hit.at,
          clickLinkDays,
        );
      }
      const counted = hits.filter((hit) => hit.kind === 'open' || hit.outcome === 'redirect');
      if (sent.size === 0 || counted.length === 0) return;
      const since = new Date(Math.min(...counted.map((hit) => hit.at.getTime())) - CLICK_BURST_MS);
      const { rows, flaggedIds } = hitRows(counted, sent, await storedClicks(tx, [...sent.keys()], since));
      // A click of the group that a later one shows to be a burst is a machine's in `rows`: it is no event.
      const stored = await storeEvents(tx, rows, sent);
      if (flaggedIds.length > 0) {
        await tx
          .update(trackingEvents)
          .set({ machine: true, machineReason: 'click_burst' })
          .where(sql`${trackingEvents.id} = ANY(${sql.param(flaggedIds)}::bigint[])`);
      }
      await emitHitEvents(webhookEvents, tx, stored, sent);
    });
  }

  /** Two web processes may write hits of the same mails at once; PostgreSQL then undoes one write, which goes again. */
  async function writeHitsAgainAfterDeadlock(hits: PendingHit[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeHits(hits);
      } catch (error) {
        if (attempt >= DEADLOCK_TRIES || !hasPostgresCode(error, PG_DEADLOCK_DETECTED)) throw error;
      }
    }
  }
  const hitWriter = createWriteBatcher(writeHitsAgainAfterDeadlock, HITS_PER_WRITE);

  return {
    /** The pixel was fetched: recorded for a valid token of a sent mail, ignored otherwise (the answer is the same). */
    async open(token: string, request: HitRequest): Promise<void> {
      const recipientId = linkTokens.verify('open', token);
      if (recipientId !== null) await hitWriter.add({ kind: 'open', recipientId, url: null, at: clock.now(), request });
    },

    /**
     * A click link was followed: where it leads, which is only ever the URL the token was signed with, while the link
     * is young and its host was in the mail as sent (decision 0059), so the link cannot be turned into an open
     * redirect. A changed token or URL is a 404.
     */
    async click(token: string, target: string, request: HitRequest): Promise<ClickAnswer> {
      const click = linkTokens.verifyClick(token, decodeClickTarget(target));
      if (!click) throw AppError.notFound('This link is not valid. Use the link from the email exactly as it came.');
      const { recipientId, url, issuedAt } = click;
      const hit: PendingHit = { kind: 'click', recipientId, url, at: clock.now(), request, issuedAt };
      await hitWriter.add(hit);
      if (hit.outcome === 'redirect') return { outcome: 'redirect', location: redirectLocation(url) };
      return hit.outcome === 'expired'
        ? { outcome: 'expired', url, linkDays: clickLinkDays }
        : { outcome: 'not_in_mail' };
    },
  };
}
