import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Campaign } from '../../../contract/campaigns';
import type { Database } from '../../db/client';
import { type CampaignRow, campaignRecipients, emailAccounts, type UserRow } from '../../db/schema';
import { localDay } from '../../lib/local-time';
import { sendingWindowOf } from '../shared/sending-window';
import { campaignAccountIds } from './campaign-accounts';
import { estimateFinish } from './engine/finish-estimate';

export type CampaignFinish = Pick<Campaign, 'estimatedFinishAt' | 'emailsAfterToday' | 'laterSendingStartsAt'>;

export const NO_FINISH_ESTIMATE: CampaignFinish = {
  estimatedFinishAt: null,
  emailsAfterToday: 0,
  laterSendingStartsAt: null,
};

/**
 * When a running campaign's mails still to send should have gone (engine/finish-estimate.ts), from its pending rows
 * and its mailboxes as they stand now. Other campaigns sending through the same mailboxes are not counted.
 */
export async function campaignFinish(
  db: Database,
  user: UserRow,
  campaign: CampaignRow,
  now: Date,
): Promise<CampaignFinish> {
  if (campaign.status !== 'running') return NO_FINISH_ESTIMATE;
  const [left] = await db
    .select({
      firstStep: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.step} = 1)::int`,
      laterSteps: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.step} > 1)::int`,
      retryAt: sql<string | null>`max(${campaignRecipients.nextAttemptAt})`,
    })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.state, 'pending')));
  if (left.firstStep + left.laterSteps === 0) return NO_FINISH_ESTIMATE;
  const mailboxes = await db
    .select()
    .from(emailAccounts)
    .where(
      and(
        inArray(emailAccounts.id, campaignAccountIds(campaign)),
        eq(emailAccounts.userId, user.id),
        ne(emailAccounts.status, 'error'),
      ),
    );
  const today = localDay(now, user.timezone);
  const estimate = estimateFinish({
    now,
    timeZone: user.timezone,
    anyTime: left.firstStep,
    inWindow: left.laterSteps,
    window: sendingWindowOf(user),
    mailboxes: mailboxes.map((account) => ({
      ...account,
      // A counter from an earlier day counts as 0 (send-allowance.ts).
      sentToday: account.lastResetDate === today ? account.sentToday : 0,
    })),
    notBefore: left.retryAt ? new Date(left.retryAt) : null,
  });
  if (!estimate) return NO_FINISH_ESTIMATE;
  return {
    estimatedFinishAt: estimate.finishAt.toISOString(),
    emailsAfterToday: estimate.afterToday,
    laterSendingStartsAt: estimate.laterStartsAt?.toISOString() ?? null,
  };
}
