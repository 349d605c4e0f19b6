import { and, eq, gte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignRecipients, trackingEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LinkTokens } from '../../lib/link-tokens';
import { CLICK_BURST_MS, type MachineReason, machineReason, type TrackingHit } from './machine-hits';
import { decodeClickTarget } from './mail-links';

export type TrackingService = ReturnType<typeof createTrackingService>;

/** What a tracking request tells about who made it. The IP is Fastify's, under the app's trustProxy setting. */
export type HitRequest = { method: string; ip: string; userAgent: string | undefined };

const MAX_USER_AGENT = 512;

/** The database, or a transaction of it. */
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The Location of a click's redirect: the URL as the mail had it, or, when it holds characters a header cannot carry
 * (an accented host, a non-Latin path), the same URL as a browser would have requested it.
 */
const redirectLocation = (url: string) => (/^[\x21-\x7e]+$/.test(url) ? url : new URL(url).href);

/**
 * Opens and clicks of sent mails, through the pixel and click links `mailLinks` puts in them. Every hit of a sent
 * row is kept, flagged as a machine's when a rule of `machine-hits.ts` says so; the figures count the others.
 */
export function createTrackingService(deps: { db: Database; clock: Clock; linkTokens: LinkTokens }) {
  const { db, clock, linkTokens } = deps;

  /** The sent mail of row `recipientId` (its owner and when it went), or undefined; `lock` holds the row. */
  async function sentMail(executor: Executor, recipientId: number, lock: boolean) {
    const query = executor
      .select({ userId: campaignRecipients.userId, sentAt: campaignRecipients.sentAt })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.id, recipientId), eq(campaignRecipients.state, 'sent')));
    const [row] = lock ? await query.for('update') : await query;
    return row?.sentAt ? { userId: row.userId, sentAt: row.sentAt } : undefined;
  }

  /** Stores a hit of a sent mail, flagged as a machine's when a rule of machine-hits.ts says so; answers the rule. */
  async function insertHit(
    executor: Executor,
    mail: { userId: string; sentAt: Date },
    hit: Pick<TrackingHit, 'kind' | 'url' | 'at' | 'earlierClicks'> & { recipientId: number },
    request: HitRequest,
  ): Promise<MachineReason | null> {
    const userAgent = request.userAgent?.slice(0, MAX_USER_AGENT);
    const { recipientId, ...rest } = hit;
    const reason = machineReason({ ...rest, method: request.method, userAgent, ip: request.ip, sentAt: mail.sentAt });
    await executor.insert(trackingEvents).values({
      userId: mail.userId,
      recipientId,
      kind: hit.kind,
      url: hit.url,
      machine: reason !== null,
      machineReason: reason,
      ipAddress: request.ip,
      userAgent: userAgent ?? null,
      createdAt: hit.at,
    });
    return reason;
  }

  /**
   * An open depends on nothing but its mail: read, then insert, with no transaction, so the pixel (most of the
   * tracking traffic) holds a connection for two statements, not four (docs/decisions/0042).
   */
  async function recordOpen(recipientId: number, request: HitRequest) {
    const mail = await sentMail(db, recipientId, false);
    if (!mail) return;
    const hit = { recipientId, kind: 'open' as const, url: null, at: clock.now(), earlierClicks: [] };
    await insertHit(db, mail, hit, request);
  }

  async function recordClick(recipientId: number, request: HitRequest, url: string) {
    await db.transaction(async (tx) => {
      // Locking the mail's row puts its clicks in order, so a scanner's burst of clicks sees its own earlier clicks.
      const mail = await sentMail(tx, recipientId, true);
      if (!mail) return;
      const at = clock.now();
      const windowStart = new Date(at.getTime() - CLICK_BURST_MS);
      const recentClicks = and(
        eq(trackingEvents.recipientId, recipientId),
        eq(trackingEvents.kind, 'click'),
        gte(trackingEvents.createdAt, windowStart),
      );
      const earlierClicks = await tx
        .select({ url: trackingEvents.url, at: trackingEvents.createdAt })
        .from(trackingEvents)
        .where(recentClicks);
      const hit = { recipientId, kind: 'click' as const, url, at, earlierClicks };
      const reason = await insertHit(tx, mail, hit, request);
      // The burst's first click looked like a person's when it came; it was the scanner too.
      if (reason === 'click_burst') {
        await tx
          .update(trackingEvents)
          .set({ machine: true, machineReason: 'click_burst' })
          .where(and(recentClicks, eq(trackingEvents.machine, false), ne(trackingEvents.url, url)));
      }
    });
  }

  return {
    /** The pixel was fetched: recorded for a valid token of a sent mail, ignored otherwise (the answer is the same). */
    async open(token: string, request: HitRequest): Promise<void> {
      const recipientId = linkTokens.verify('open', token);
      if (recipientId !== null) await recordOpen(recipientId, request);
    },

    /**
     * A click link was followed: where to redirect, which is only ever the URL the token was signed with, so the
     * link cannot be turned into an open redirect. A changed token or URL is a 404.
     */
    async click(token: string, target: string, request: HitRequest): Promise<string> {
      const click = linkTokens.verifyClick(token, decodeClickTarget(target));
      if (!click) throw AppError.notFound('This link is not valid. Use the link from the email exactly as it came.');
      await recordClick(click.recipientId, request, click.url);
      return redirectLocation(click.url);
    },
  };
}
