import { and, eq, sql } from 'drizzle-orm';
import {
  type Campaign,
  SEND_MASS_EMAIL_MESSAGES,
  type SendMassEmailRequest,
  type SendMassEmailResponse,
} from '../../../contract/campaigns';
import { type Database, queryRows } from '../../db/client';
import {
  type CampaignRow,
  campaignRecipients,
  campaigns,
  emailAccounts,
  templates,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { resourceId } from '../../lib/resource-id';
import { localWeek } from './campaign-sender';

export const POSTAL_ADDRESS_REQUIRED =
  'Add your postal address in Settings before sending: the law requires it in every marketing email';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * Starting campaigns and reading them. Sending is the campaign sender's job (campaign-sender.ts), run by the
 * workers; this service only writes the campaign and one recipient row per lead that may be mailed.
 */
export function createCampaignsService(deps: {
  db: Database;
  clock: Clock;
  enqueueSend: (campaignId: number) => Promise<unknown>;
}) {
  const { db, clock, enqueueSend } = deps;

  async function toDto(row: CampaignRow): Promise<Campaign> {
    const [counts] = await db
      .select({
        total: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} <> 'skipped')::int`,
        skipped: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'skipped')::int`,
        sent: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'sent')::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'failed')::int`,
        unknown: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'unknown')::int`,
      })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, row.id));
    return {
      id: row.id,
      status: row.status,
      totalEmails: counts.total,
      emailsSent: counts.sent,
      emailsFailed: counts.failed,
      emailsSkipped: row.emailsSkipped + counts.skipped,
      emailsUnknown: counts.unknown,
      errorMessage: row.errorMessage,
      waitingReason: row.waitingReason,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    /**
     * Starts a mass send (SPEC §5 checks, in SPEC's order). Leads that will not be mailed are counted as skipped:
     * another user's ids, unsubscribed or bounced leads, leads mailed (or queued) this week of the user's calendar,
     * and leads that already got this template.
     */
    async start(user: UserRow, input: SendMassEmailRequest): Promise<SendMassEmailResponse> {
      if (!input.accountId) throw AppError.badRequest(SEND_MASS_EMAIL_MESSAGES.account);
      if (!input.templateId) throw AppError.badRequest(SEND_MASS_EMAIL_MESSAGES.template);
      if (!input.leadIds?.length) throw AppError.badRequest(SEND_MASS_EMAIL_MESSAGES.leads);
      const [account] = await db
        .select()
        .from(emailAccounts)
        .where(and(eq(emailAccounts.id, input.accountId), eq(emailAccounts.userId, user.id)));
      if (!account) throw AppError.notFound('Email account not found');
      if (account.status === 'error') {
        throw AppError.badRequest(
          `${account.email} needs attention before it can send: ${account.statusReason ?? 'reconnect it'}. Fix it on the Email Accounts page.`,
        );
      }
      const [template] = await db
        .select({ id: templates.id, status: templates.status, name: templates.name })
        .from(templates)
        .where(and(eq(templates.id, input.templateId), eq(templates.userId, user.id)));
      if (!template) throw AppError.notFound('Template not found');
      if (template.status !== 'active') {
        throw AppError.badRequest(
          `"${template.name}" is not Active. Set the template to Active to use it in campaigns.`,
        );
      }
      if (!user.postalAddress) throw AppError.badRequest(POSTAL_ADDRESS_REQUIRED);

      const requested = [...new Set(input.leadIds)];
      const week = localWeek(clock.now(), user.timezone);
      const campaignId = await db.transaction(async (tx) => {
        const [campaign] = await tx
          .insert(campaigns)
          .values({ userId: user.id, accountId: account.id, templateId: template.id, createdAt: clock.now() })
          .returning({ id: campaigns.id });
        const inserted = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO campaign_recipients (campaign_id, user_id, lead_id)
              SELECT ${campaign.id}, ${user.id}, l.id
              FROM jsonb_array_elements_text(${JSON.stringify(requested)}::jsonb) AS wanted(id)
              JOIN leads l ON l.id = wanted.id::bigint
              WHERE l.user_id = ${user.id} AND l.status = 'active'
                AND NOT EXISTS (
                  SELECT 1 FROM campaign_recipients r
                  WHERE r.lead_id = l.id
                    AND (r.sent_week = ${week} OR r.state IN ('pending', 'sending', 'unknown')))
                AND NOT EXISTS (
                  SELECT 1 FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
                  WHERE r.lead_id = l.id AND c.template_id = ${template.id} AND r.state <> 'failed')
              ORDER BY l.id
              RETURNING id`,
        );
        const skipped = requested.length - inserted.length;
        await tx
          .update(campaigns)
          .set({
            emailsSkipped: skipped,
            ...(inserted.length === 0 && { status: 'completed' as const, finishedAt: clock.now() }),
          })
          .where(eq(campaigns.id, campaign.id));
        return campaign.id;
      });
      await enqueueSend(campaignId);
      return { message: 'Mass email campaign started successfully', campaignId };
    },

    async get(user: UserRow, rawId: string): Promise<Campaign> {
      const id = resourceId(rawId, 'Campaign not found');
      const [row] = await db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.userId, user.id)));
      if (!row) throw AppError.notFound('Campaign not found');
      return toDto(row);
    },
  };
}
