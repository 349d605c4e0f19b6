import {
  DEFAULT_STEP_DELAY_DAYS,
  MAX_SEQUENCE_STEPS,
  type SEQUENCE_CADENCES,
  type SequenceRequest,
  type StepCondition,
  type StepVariant,
} from '@contract/campaigns';

export type Cadence = (typeof SEQUENCE_CADENCES)[number];

/** A follow-up step as the form edits it (ids and numbers as the inputs hold them). */
export type FollowUpDraft = {
  /** Keeps a row's React identity when an earlier row is removed. */
  key: number;
  templateId: string;
  /** Empty: the cadence's default. */
  delayDays: string;
  sameThread: boolean;
  variants: StepVariant[];
  /** When the step goes, by what the lead did with the previous mail. */
  condition: StepCondition;
};

/** The "Send as a sequence" part of the campaign form; the first step is the campaign's selected template. */
export type SequenceDraft = { enabled: boolean; cadence: Cadence; followUps: FollowUpDraft[] };

export const emptySequenceDraft: SequenceDraft = { enabled: false, cadence: 'weekly', followUps: [] };

export const MAX_FOLLOW_UPS = MAX_SEQUENCE_STEPS - 1;

type OrderableTemplate = { id: number; weekNumber: number | null };

/** Templates in campaign order: by week number (those without one last), then oldest first. */
function inWeekOrder<T extends OrderableTemplate>(templates: readonly T[]): T[] {
  return [...templates].sort(
    (a, b) => (a.weekNumber ?? Number.POSITIVE_INFINITY) - (b.weekNumber ?? Number.POSITIVE_INFINITY) || a.id - b.id,
  );
}

/**
 * The template a new follow-up starts with: the next one by week number after the sequence's last step that the
 * sequence does not use yet, else any unused one, else none (the user picks).
 */
export function defaultFollowUpTemplate(
  templates: readonly OrderableTemplate[],
  stepTemplateIds: readonly string[],
): string {
  const ordered = inWeekOrder(templates);
  const used = new Set(stepTemplateIds.filter(Boolean));
  const last = ordered.findIndex((template) => String(template.id) === stepTemplateIds.at(-1));
  const unused = (template: OrderableTemplate) => !used.has(String(template.id));
  const next = ordered.slice(last + 1).find(unused) ?? ordered.find(unused);
  return next ? String(next.id) : '';
}

let nextKey = 1;

/** A new follow-up after the steps so far (first template first). */
export function newFollowUp(
  templates: readonly OrderableTemplate[],
  stepTemplateIds: readonly string[],
): FollowUpDraft {
  return {
    key: nextKey++,
    templateId: defaultFollowUpTemplate(templates, stepTemplateIds),
    delayDays: '',
    sameThread: false,
    variants: [],
    condition: 'always',
  };
}

/** What keeps the sequence from being sent, in the words the form shows; null when it can go. */
export function sequenceProblem(draft: SequenceDraft): string | null {
  if (!draft.enabled) return null;
  if (draft.followUps.length === 0) return 'Add a follow-up step, or turn the sequence off.';
  if (draft.followUps.some((step) => !step.templateId)) return 'Choose a template for every follow-up step.';
  const delays = draft.followUps.map((step) => step.delayDays.trim()).filter(Boolean);
  if (delays.some((delay) => !/^\d+$/.test(delay) || Number(delay) < 1 || Number(delay) > 365)) {
    return 'A delay is a whole number of days from 1 to 365.';
  }
  const variants = draft.followUps.flatMap((step) => step.variants);
  if (variants.some((variant) => !variant.subject.trim() || !variant.body.trim())) {
    return 'Give every variant a subject and a body.';
  }
  return null;
}

/** The `sequence` of the send request: only when the switch is on. */
export function sequenceRequest(firstTemplateId: number, draft: SequenceDraft): SequenceRequest | undefined {
  if (!draft.enabled) return undefined;
  return {
    cadence: draft.cadence,
    steps: [
      { templateId: firstTemplateId },
      ...draft.followUps.map((step) => ({
        templateId: Number(step.templateId),
        ...(step.delayDays.trim() && { delayDays: Number(step.delayDays) }),
        sameThread: step.sameThread,
        ...(step.variants.length > 0 && { variants: step.variants }),
        ...(step.condition !== 'always' && { condition: step.condition }),
      })),
    ],
  };
}

/** The summary line: "3 steps, weekly (7, 14 days apart)". */
export function sequenceSummary(draft: SequenceDraft): string {
  const delays = draft.followUps.map((step) => step.delayDays.trim() || String(DEFAULT_STEP_DELAY_DAYS[draft.cadence]));
  return `${draft.followUps.length + 1} steps, ${draft.cadence} (${delays.join(', ')} days apart)`;
}
