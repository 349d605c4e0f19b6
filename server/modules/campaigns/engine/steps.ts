import { and, eq } from 'drizzle-orm';
import type { OutgoingMail } from '../../../adapters/mail/transport';
import type { Database } from '../../../db/client';
import {
  type CampaignRecipientRow,
  type CampaignRow,
  campaignRecipients,
  campaignSteps,
  type StepVariant,
  type TemplateRow,
  templates,
} from '../../../db/schema';
import { replySubject } from '../../shared/reply-subject';

/** What one step of the campaign sends (a single-mail campaign has step 1 only). */
export type RunStep = { template: TemplateRow | null; sameThread: boolean; variants: StepVariant[] };

/** The step's version a lead gets: the template, or one of its variants (another subject and body). */
export function versionOf(template: TemplateRow, variants: StepVariant[], variant: number): TemplateRow {
  const chosen = variant > 0 ? variants[variant - 1] : undefined;
  return chosen ? { ...template, subject: chosen.subject, body: chosen.body } : template;
}

/** The campaign's steps with their templates, read once per run (step 1 is the campaign's own template). */
export async function stepsOf(db: Database, campaign: CampaignRow): Promise<Map<number, RunStep>> {
  const steps = new Map<number, RunStep>();
  const [own] = campaign.templateId
    ? await db.select().from(templates).where(eq(templates.id, campaign.templateId))
    : [];
  steps.set(1, { template: own ?? null, sameThread: false, variants: [] });
  if (campaign.cadence === null) return steps;
  const rows = await db
    .select({ step: campaignSteps, template: templates })
    .from(campaignSteps)
    .leftJoin(templates, eq(templates.id, campaignSteps.templateId))
    .where(eq(campaignSteps.campaignId, campaign.id));
  for (const { step, template } of rows) {
    steps.set(step.position, {
      template: step.position === 1 ? (own ?? null) : template,
      sameThread: step.sameThread,
      variants: step.variants,
    });
  }
  return steps;
}

/** A step sent as a reply to the previous one: "Re: " its subject, in its thread. */
export async function continueThread(db: Database, mail: OutgoingMail, row: CampaignRecipientRow) {
  const [previous] = await db
    .select({ subject: campaignRecipients.subject, messageId: campaignRecipients.messageId })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, row.campaignId ?? 0),
        eq(campaignRecipients.leadId, row.leadId ?? 0),
        eq(campaignRecipients.step, row.step - 1),
        eq(campaignRecipients.state, 'sent'),
      ),
    );
  if (!previous?.messageId || !previous.subject) return;
  mail.subject = replySubject(previous.subject);
  mail.headers = { ...mail.headers, 'In-Reply-To': previous.messageId, References: previous.messageId };
}
