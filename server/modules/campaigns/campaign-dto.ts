import { inArray, sql } from 'drizzle-orm';
import type { Campaign } from '../../../contract/campaigns';
import type { Database } from '../../db/client';
import { type CampaignRow, campaignRecipients } from '../../db/schema';
import { campaignAccountIds } from './campaign-accounts';
import { type CampaignFinish, NO_FINISH_ESTIMATE } from './campaign-finish';
import { NO_MAIL_SERVER_SKIP } from './engine/unreachable-domains';

export type CampaignCounts = Awaited<ReturnType<typeof campaignCounts>>;

/**
 * Each campaign's row counts, in one grouped query: one snapshot, so the states, each row in exactly one, add up
 * to the total at every moment (mails in flight included).
 */
export async function campaignCounts(db: Database, ids: number[]) {
  const rows = await db
    .select({
      campaignId: campaignRecipients.campaignId,
      total: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} <> 'skipped')::int`,
      skipped: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'skipped')::int`,
      noMailServer: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'skipped'
        AND ${campaignRecipients.lastError} = ${NO_MAIL_SERVER_SKIP})::int`,
      sent: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'sent')::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'failed')::int`,
      unknown: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'unknown')::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'pending')::int`,
      sending: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'sending')::int`,
    })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, ids))
    .groupBy(campaignRecipients.campaignId);
  return new Map(rows.map((row) => [row.campaignId, row]));
}

const NO_ROWS = { total: 0, skipped: 0, noMailServer: 0, sent: 0, failed: 0, unknown: 0, pending: 0, sending: 0 };

/** A campaign as the API shows it, from its row, its counts and (for the one read the progress card polls) its finish. */
export function campaignDto(
  row: CampaignRow,
  counts: CampaignCounts,
  finish: CampaignFinish = NO_FINISH_ESTIMATE,
): Campaign {
  const own = counts.get(row.id) ?? NO_ROWS;
  return {
    id: row.id,
    status: row.status,
    totalEmails: own.total,
    emailsSent: own.sent,
    emailsFailed: own.failed,
    emailsSkipped: row.emailsSkipped + own.skipped,
    emailsUnknown: own.unknown,
    emailsPending: own.pending,
    emailsSending: own.sending,
    errorMessage: row.errorMessage,
    waitingReason: row.waitingReason,
    accountIds: campaignAccountIds(row),
    trackingEnabled: row.trackingEnabled,
    createdAt: row.createdAt.toISOString(),
    cadence: row.cadence,
    brake: row.brake,
    emailsNoMailServer: own.noMailServer,
    ...finish,
  };
}
