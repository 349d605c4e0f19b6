import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { stepVariantOf } from './sequence-steps';

/**
 * A campaign's recipient rows are made this many leads per statement (in one transaction): the work a statement
 * keeps in memory to its end (its foreign-key checks, its new rows for the rollups' trigger) is bounded by the
 * chunk, not by the campaign.
 */
const CHUNK_LEADS = 10_000;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Makes the first-step row of each lead among `leadIds` that may be mailed, in the order of the leads (rows are
 * later sent in that order), and answers how many. A lead is left out (the caller counts it skipped) when it is
 * another user's, not active, mailed (or queued) this week of the user's calendar, or already got this template.
 * Leads get the first step's versions in turn, fixed with their row.
 */
export async function insertFirstStepRecipients(
  tx: Transaction,
  campaign: { id: number; userId: string; templateId: number; firstStepVersions: number },
  leadIds: readonly number[],
  week: string,
): Promise<number> {
  const requested = [...new Set(leadIds)].sort((a, b) => a - b);
  // The statement reads the table it fills. Planned on a small table (a first campaign, before any ANALYZE
  // has counted it), the duplicate checks become a scan of the whole table per lead, quadratic in the insert
  // itself (100,000 leads took 90 s instead of 3): the lead index is the only way it may look.
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  let inserted = 0;
  for (let from = 0; from < requested.length; from += CHUNK_LEADS) {
    const chunk = requested.slice(from, from + CHUNK_LEADS);
    const [added] = await queryRows<{ inserted: number }>(
      tx,
      sql`WITH added AS (
            INSERT INTO campaign_recipients (campaign_id, user_id, lead_id, variant)
            SELECT ${campaign.id}, ${campaign.userId}, l.id, ${stepVariantOf(sql`l.id`, 1, campaign.firstStepVersions)}
            FROM jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb) AS wanted(id)
            JOIN leads l ON l.id = wanted.id::bigint
            WHERE l.user_id = ${campaign.userId} AND l.status = 'active'
              AND NOT EXISTS (
                SELECT 1 FROM campaign_recipients r
                WHERE r.lead_id = l.id AND r.kind = 'campaign'
                  AND (r.sent_week = ${week} OR r.state IN ('pending', 'sending', 'unknown')))
              AND NOT EXISTS (
                SELECT 1 FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
                WHERE r.lead_id = l.id AND coalesce(r.template_id, c.template_id) = ${campaign.templateId}
                  AND r.state NOT IN ('failed', 'skipped'))
            ORDER BY l.id
            RETURNING 1)
          SELECT count(*)::int AS inserted FROM added`,
    );
    inserted += added.inserted;
  }
  return inserted;
}
