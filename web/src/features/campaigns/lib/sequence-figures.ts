import type { CampaignStepFigures, StepCondition } from '@contract/campaigns';

/** "1 reply", "3 replies": a count with its noun. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** The choices of a step's condition, as the sequence editor offers them. */
export const STEP_CONDITION_LABELS: Record<StepCondition, string> = {
  always: 'Always',
  not_opened: 'Only if not opened',
  opened: 'Only if opened',
  clicked: 'Only if clicked',
  not_clicked: 'Only if not clicked',
};

/**
 * When a step goes: the first at once, the others some days after the previous one, maybe in its thread, maybe
 * only for leads who opened or clicked the previous mail (or did not).
 */
export function stepTiming(
  step: Pick<CampaignStepFigures, 'position' | 'delayDays' | 'sameThread'> & { condition?: StepCondition },
): string {
  if (step.position === 1) return 'at once';
  const condition =
    step.condition && step.condition !== 'always' ? `, ${STEP_CONDITION_LABELS[step.condition].toLowerCase()}` : '';
  return `${countOf(step.delayDays, 'day')} later${step.sameThread ? ', same thread' : ''}${condition}`;
}

/** Variants are named by letter: A is the step's template itself. */
export const variantLetter = (variant: number) => String.fromCharCode(65 + variant);
