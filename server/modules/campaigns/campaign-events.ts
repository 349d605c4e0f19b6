import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CampaignRow, campaigns } from '../../db/schema';
import type { SqlRunner } from '../../jobs/transaction-sql';
import { webhookCampaign } from '../webhooks/webhook-data';
import type { WebhookEmitter, WebhookEvent } from '../webhooks/webhook-emitter';

type CampaignEventType = 'campaign.started' | 'campaign.completed' | 'campaign.paused';

/**
 * Queues a campaign event for each of these campaigns, as they stand in `runner` (the transaction that just changed
 * them): `reason` is what a pause says.
 */
export async function emitCampaignEvents(
  webhookEvents: WebhookEmitter,
  runner: SqlRunner,
  type: CampaignEventType,
  campaignIds: readonly number[],
  reason?: string,
): Promise<void> {
  if (campaignIds.length === 0) return;
  const { rows } = (await runner.execute(
    sql`SELECT c.id::int AS id, c.user_id, c.status, t.name AS template_name
        FROM campaigns c LEFT JOIN templates t ON t.id = c.template_id
        WHERE c.id = ANY(${sql.param([...campaignIds])}::bigint[])`,
  )) as unknown as { rows: Array<{ id: number; user_id: string; status: string; template_name: string | null }> };
  const events = rows.map((row): WebhookEvent => {
    const campaign = webhookCampaign({ id: row.id, status: row.status, templateName: row.template_name });
    return type === 'campaign.paused'
      ? { userId: row.user_id, type, data: { campaign, reason: reason ?? '' } }
      : { userId: row.user_id, type, data: { campaign } };
  });
  await webhookEvents.emit(runner, events);
}

/**
 * Pauses the running campaigns `which` selects, with `changes` (why, and by which brake), and queues their
 * `campaign.paused` events in the same transaction; a campaign stopped meanwhile keeps its own reason. Answers the
 * ids paused.
 */
export async function pauseRunningCampaigns(
  db: Database,
  webhookEvents: WebhookEmitter,
  which: SQL | undefined,
  changes: Partial<Pick<CampaignRow, 'brake' | 'waitingReason' | 'errorMessage'>>,
  reason: string,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(campaigns)
      .set({ status: 'paused', ...changes })
      .where(and(which, eq(campaigns.status, 'running')))
      .returning({ id: campaigns.id });
    const ids = rows.map((row) => row.id);
    await emitCampaignEvents(webhookEvents, tx, 'campaign.paused', ids, reason);
    return ids;
  });
}
