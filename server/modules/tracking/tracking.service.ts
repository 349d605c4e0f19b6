import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasPostgresCode, PG_DEADLOCK_DETECTED } from '../../db/error-codes';
import { campaignRecipients, trackingEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LinkTokens } from '../../lib/link-tokens';
import { createWriteBatcher } from '../../lib/write-batcher';
import { CLICK_BURST_MS, machineReason, type TrackingHit } from './machine-hits';
import { decodeClickTarget } from './mail-links';

export type TrackingService = ReturnType<typeof createTrackingService>;

/** What a tracking request tells about who made it. The IP is Fastify's, under the app's trustProxy setting. */
export type HitRequest = { method: string; ip: string; userAgent: string | undefined };

const MAX_USER_AGENT = 512;
/** The most hits one write stores. */
const HITS_PER_WRITE = 500;
/** Tries of a write that PostgreSQL chose as a deadlock's victim (another process wrote the same mails). */
const DEADLOCK_TRIES = 3;

/** A pixel fetched (`url` null) or a click link followed, waiting to be written. */
type PendingHit = { kind: 'open' | 'click'; recipientId: number; url: string | null; at: Date; request: HitRequest };
type HitValues = ReturnType<typeof hitRow>['values'];
/** A sent mail: who sent it, and when. */
type SentMail = { userId: string; sentAt: Date };
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The Location of a click's redirect: the URL as the mail had it, or, when it holds characters a header cannot carry
 * (an accented host, a non-Latin path), the same URL as a browser would have requested it.
 */
const redirectLocation = (url: string) => (/^[\x21-\x7e]+$/.test(url) ? url : new URL(url).href);

/** The row of a hit of a sent mail, flagged as a machine's when a rule of machine-hits.ts says so, and the rule. */
function hitRow(
  mail: SentMail,
  hit: Pick<TrackingHit, 'kind' | 'url' | 'at' | 'earlierClicks'> & { recipientId: number },
  request: HitRequest,
) {
  const userAgent = request.userAgent?.slice(0, MAX_USER_AGENT);
  const { recipientId, ...rest } = hit;
  const reason = machineReason({ ...rest, method: request.method, userAgent, ip: request.ip, sentAt: mail.sentAt });
  const values = {
    userId: mail.userId,
    recipientId,
    kind: hit.kind,
    url: hit.url,
    machine: reason !== null,
    machineReason: reason,
    ipAddress: request.ip,
    userAgent: userAgent ?? null,
    createdAt: hit.at,
  };
  return { values, reason };
}

/** A stored click of a mail, as a new click of the same mail weighs it. */
type StoredClick = { id: number; recipientId: number; url: string | null; at: Date; machine: boolean };

/**
 * The rows of a group of hits, in the order they came; each click is weighed against its mail's recent clicks: those
 * stored and those earlier in the group. A burst (machine-hits.ts) makes the mail's earlier clicks on its other
 * links a machine's too: in the group's rows, or by the ids of stored ones (`flaggedIds`).
 */
function hitRows(hits: PendingHit[], sent: Map<number, SentMail>, storedClicks: StoredClick[]) {
  type RecentClick = { url: string | null; at: Date; machine: boolean; id?: number; row?: HitValues };
  const recent = new Map<number, RecentClick[]>();
  for (const { recipientId, ...click } of storedClicks) {
    recent.set(recipientId, [...(recent.get(recipientId) ?? []), click]);
  }
  const rows: HitValues[] = [];
  const flaggedIds: number[] = [];
  for (const { kind, recipientId, url, at, request } of hits) {
    const mail = sent.get(recipientId);
    if (!mail) continue;
    const earlierClicks = kind === 'click' ? (recent.get(recipientId) ?? []) : [];
    const { values, reason } = hitRow(mail, { recipientId, kind, url, at, earlierClicks }, request);
    rows.push(values);
    if (kind === 'open') continue;
    if (reason === 'click_burst') {
      const windowStart = at.getTime() - CLICK_BURST_MS;
      for (const earlier of earlierClicks) {
        if (earlier.machine || earlier.url === url || earlier.at.getTime() < windowStart) continue;
        earlier.machine = true;
        if (earlier.row) Object.assign(earlier.row, { machine: true, machineReason: 'click_burst' });
        else if (earlier.id !== undefined) flaggedIds.push(earlier.id);
      }
    }
    recent.set(recipientId, [...earlierClicks, { url, at, machine: values.machine, row: values }]);
  }
  return { rows, flaggedIds };
}

/**
 * Opens and clicks of sent mails, through the pixel and click links `mailLinks` puts in them. Every hit of a sent
 * row is kept, flagged as a machine's when a rule of `machine-hits.ts` says so; the figures count the others.
 */
export function createTrackingService(deps: { db: Database; clock: Clock; linkTokens: LinkTokens }) {
  const { db, clock, linkTokens } = deps;

  /** The sent mails among rows `ids` (owner and when each went) by id; `lock` holds their rows, in id order. */
  async function sentMails(executor: Database | Transaction, ids: number[], lock: boolean) {
    const query = executor
      .select({ id: campaignRecipients.id, userId: campaignRecipients.userId, sentAt: campaignRecipients.sentAt })
      .from(campaignRecipients)
      .where(
        and(sql`${campaignRecipients.id} = ANY(${sql.param(ids)}::bigint[])`, eq(campaignRecipients.state, 'sent')),
      )
      .orderBy(campaignRecipients.id);
    const rows = lock ? await query.for('update') : await query;
    return new Map(
      rows.flatMap((mail) => (mail.sentAt ? [[mail.id, { userId: mail.userId, sentAt: mail.sentAt }]] : [])),
    );
  }

  /**
   * Stores a group's hits in one statement whose text is the same for any number of them (a column per array), so
   * building it costs nothing per hit.
   */
  const insertHits = (executor: Database | Transaction, rows: HitValues[]) =>
    executor.execute(sql`
      INSERT INTO ${trackingEvents}
        (user_id, recipient_id, kind, url, machine, machine_reason, ip_address, user_agent, created_at)
      SELECT * FROM unnest(
        ${sql.param(rows.map((row) => row.userId))}::uuid[],
        ${sql.param(rows.map((row) => row.recipientId))}::bigint[],
        ${sql.param(rows.map((row) => row.kind))}::text[],
        ${sql.param(rows.map((row) => row.url))}::text[],
        ${sql.param(rows.map((row) => row.machine))}::boolean[],
        ${sql.param(rows.map((row) => row.machineReason))}::text[],
        ${sql.param(rows.map((row) => row.ipAddress))}::text[],
        ${sql.param(rows.map((row) => row.userAgent))}::text[],
        ${sql.param(rows.map((row) => row.createdAt.toISOString()))}::timestamptz[])`);

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
   * statements and no transaction. With clicks, the group is one transaction that locks its mails' rows in id order,
   * which puts each mail's clicks in order across groups and processes, so a scanner's burst of clicks on a mail's
   * links sees its own earlier clicks, stored or in the same group: the burst's first clicks looked like a person's
   * when they came, and are flagged with it.
   */
  async function writeHits(hits: PendingHit[]) {
    const mailIds = [...new Set(hits.map((hit) => hit.recipientId))];
    if (hits.every((hit) => hit.kind === 'open')) {
      const { rows } = hitRows(hits, await sentMails(db, mailIds, false), []);
      if (rows.length > 0) await insertHits(db, rows);
      return;
    }
    await db.transaction(async (tx) => {
      const sent = await sentMails(tx, mailIds, true);
      if (sent.size === 0) return;
      const since = new Date(Math.min(...hits.map((hit) => hit.at.getTime())) - CLICK_BURST_MS);
      const { rows, flaggedIds } = hitRows(hits, sent, await storedClicks(tx, [...sent.keys()], since));
      if (rows.length > 0) await insertHits(tx, rows);
      if (flaggedIds.length > 0) {
        await tx
          .update(trackingEvents)
          .set({ machine: true, machineReason: 'click_burst' })
          .where(sql`${trackingEvents.id} = ANY(${sql.param(flaggedIds)}::bigint[])`);
      }
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
     * A click link was followed: where to redirect, which is only ever the URL the token was signed with, so the
     * link cannot be turned into an open redirect. A changed token or URL is a 404.
     */
    async click(token: string, target: string, request: HitRequest): Promise<string> {
      const click = linkTokens.verifyClick(token, decodeClickTarget(target));
      if (!click) throw AppError.notFound('This link is not valid. Use the link from the email exactly as it came.');
      await hitWriter.add({ kind: 'click', recipientId: click.recipientId, url: click.url, at: clock.now(), request });
      return redirectLocation(click.url);
    },
  };
}
