import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  type CampaignRecipientRow,
  campaignRecipients,
  campaigns,
  type EmailAccountRow,
  emailAccounts,
  users,
} from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import type { TransportRegistry } from '../../sending/transport-registry';
import { type MessageIds, unsignedCampaignMessageId } from '../../shared/message-id';
import type { SentSettlement } from './sent-settlement';

/**
 * Campaign mails a stopped sender left `sending` (a killed worker: the row was committed `sending` before the mail
 * left, and its outcome never was). Once a row is `staleSendingMs` past its claim no live sender has it: where the
 * mailbox can be searched (Graph, Gmail) its Sent folder says whether it went; otherwise the row is `unknown` and
 * never sent blindly (decision 0013).
 *
 * A settled mail keeps the send it took from its mailbox's day: an unknown one most likely reached the mailbox's
 * server (the kill came after it was handed over, or while it was), and counting it is what keeps the daily limit
 * a limit (decision 0061).
 */
export function createStaleSettlement(deps: {
  db: Database;
  clock: Clock;
  transports: Pick<TransportRegistry, 'findSent'>;
  staleSendingMs: number;
  /** Commits a mail found in its Sent folder `sent`, with its event (sent-settlement.ts). */
  settleSent: SentSettlement;
  messageIds: MessageIds;
}) {
  const { db, clock, transports, staleSendingMs, settleSent, messageIds } = deps;

  /**
   * Whether the Sent folder holds the mail: under its Message-ID, or the unsigned one of a mail sent before
   * Message-IDs were signed (absent only when absent under both, so such a mail is never sent twice).
   */
  async function sentAs(row: CampaignRecipientRow, account: EmailAccountRow): Promise<string | false | null> {
    const messageId = messageIds.campaign(row, account.email);
    const signed = await transports.findSent(account, messageId);
    if (signed !== false) return signed && messageId;
    const unsigned = unsignedCampaignMessageId(row, account.email);
    const earlier = await transports.findSent(account, unsigned);
    if (earlier) return unsigned;
    return earlier === false ? false : null;
  }

  /** Settles the stale rows `where` picks, one by one; answers how many, and the campaigns they belong to. */
  async function settleWhere(where: SQL, onLookupFailure?: (error: unknown) => void) {
    const staleBefore = new Date(clock.now().getTime() - staleSendingMs).toISOString();
    const stale = await db
      .select({ row: campaignRecipients, account: emailAccounts, timezone: users.timezone })
      .from(campaignRecipients)
      .innerJoin(users, eq(users.id, campaignRecipients.userId))
      .leftJoin(emailAccounts, eq(emailAccounts.id, campaignRecipients.accountId))
      .where(
        and(
          eq(campaignRecipients.state, 'sending'),
          eq(campaignRecipients.kind, 'campaign'),
          sql`${campaignRecipients.claimedAt} < ${staleBefore}::timestamptz`,
          where,
        ),
      );
    const touched = new Set<number>();
    let settled = 0;
    for (const { row, account, timezone } of stale) {
      let found: string | false | null;
      try {
        found = account ? await sentAs(row, account) : null;
      } catch (error) {
        // The Sent folder could not be read now: the row waits for the next look rather than be guessed at.
        if (!onLookupFailure) throw error;
        onLookupFailure(error);
        continue;
      }
      // Only a row still `sending` is settled: a live sender's own outcome, or another settlement, came first.
      const stillSending = and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.state, 'sending'));
      if (found) {
        const { subject, weekNumber, linkHosts } = row;
        await settleSent({ row, messageId: found, subject, weekNumber, linkHosts, sentAt: clock.now() }, { timezone });
      } else if (found === false) {
        await db
          .update(campaignRecipients)
          .set({ state: 'pending', claimedAt: null, lastError: 'Not in the Sent folder: it goes again.' })
          .where(stillSending);
      } else {
        await db
          .update(campaignRecipients)
          .set({
            state: 'unknown',
            lastError: 'The sender stopped while this email was being sent: it may or may not have gone out.',
          })
          .where(stillSending);
      }
      settled += 1;
      if (row.campaignId !== null) touched.add(row.campaignId);
    }
    return { settled, touched };
  }

  return {
    /** One campaign's stale rows: the first thing its run does. */
    async campaign(campaignId: number): Promise<void> {
      await settleWhere(eq(campaignRecipients.campaignId, campaignId));
    },

    /**
     * Every campaign's stale rows, whatever the campaign waits for (the daily limit, a pause, a retry, its sending
     * window): run each minute, so a dead sender's mails are settled once stale and not when the campaign next runs.
     * Answers how many rows it settled, why the Sent folders it could not search failed (those rows wait for the
     * next time), and the running campaigns now left with nothing to send or settle, whose run says they are over.
     */
    async everywhere(): Promise<{ settled: number; lookupFailures: string[]; idle: number[] }> {
      const lookupFailures: string[] = [];
      const { settled, touched } = await settleWhere(sql`true`, (error) =>
        lookupFailures.push(error instanceof Error ? error.message : String(error)),
      );
      if (touched.size === 0) return { settled, lookupFailures, idle: [] };
      const idle = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(
          and(
            inArray(campaigns.id, [...touched]),
            eq(campaigns.status, 'running'),
            sql`NOT EXISTS (SELECT 1 FROM campaign_recipients r
                  WHERE r.campaign_id = ${campaigns.id} AND r.state IN ('pending', 'sending'))`,
          ),
        );
      return { settled, lookupFailures, idle: idle.map((row) => row.id) };
    },
  };
}
