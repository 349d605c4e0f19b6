import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_STEP_DELAY_DAYS,
  type SequenceRequest,
  type StepCondition,
  type StepVariant,
  sequenceSchema,
} from '../../../contract/campaigns';
import type { Database } from '../../db/client';
import { templates, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** A step as stored, before its campaign exists. */
export type SequenceStepRow = {
  position: number;
  templateId: number;
  delayDays: number;
  sameThread: boolean;
  variants: StepVariant[];
  condition: StepCondition;
};

/** A sequence's steps as stored (campaign_steps without the campaign): step 1 first, delays filled in. */
export function sequenceSteps(firstTemplateId: number, request: SequenceRequest): SequenceStepRow[] {
  const sequence = sequenceSchema.parse(request);
  if (sequence.steps[0].templateId !== firstTemplateId) {
    throw AppError.badRequest('The first step of a sequence is the selected template');
  }
  return sequence.steps.map((step, index) => ({
    position: index + 1,
    templateId: step.templateId,
    delayDays: index === 0 ? 0 : (step.delayDays ?? DEFAULT_STEP_DELAY_DAYS[sequence.cadence]),
    sameThread: index > 0 && (step.sameThread ?? false),
    variants: step.variants ?? [],
    // The first step has no previous mail to look at: it always goes.
    condition: index === 0 ? 'always' : (step.condition ?? 'always'),
  }));
}

/** Every template must be the user's (404 otherwise) and Active (docs/product.md §4: only Active templates are used). */
export async function assertActiveTemplates(db: Database, user: UserRow, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const found = await db
    .select({ id: templates.id, status: templates.status, name: templates.name })
    .from(templates)
    .where(and(inArray(templates.id, wanted), eq(templates.userId, user.id)));
  if (found.length !== wanted.length) throw AppError.notFound('Template not found');
  const inactive = wanted.map((id) => found.find((template) => template.id === id)).find((t) => t?.status !== 'active');
  if (inactive) {
    throw AppError.badRequest(`"${inactive.name}" is not Active. Set the template to Active to use it in campaigns.`);
  }
}

/**
 * Which version of a step a lead gets (0: the template, then its variants): spread evenly over the leads and
 * different from step to step, fixed when the row is made so a retry never switches it.
 */
export function stepVariantOf(leadId: SQL, step: number | SQL, versions: number | SQL): SQL {
  return sql`((${leadId} + ${step}) % ${versions})::int`;
}
