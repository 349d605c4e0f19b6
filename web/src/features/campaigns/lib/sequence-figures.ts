import type { CampaignStepFigures } from '@contract/campaigns';

/** "1 reply", "3 replies": a count with its noun. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** When a step goes: the first at once, the others some days after the previous one, maybe in its thread. */
export function stepTiming(step: Pick<CampaignStepFigures, 'position' | 'delayDays' | 'sameThread'>): string {
  if (step.position === 1) return 'at once';
  return `${countOf(step.delayDays, 'day')} later${step.sameThread ? ', same thread' : ''}`;
}

/** Variants are named by letter: A is the step's template itself. */
export const variantLetter = (variant: number) => String.fromCharCode(65 + variant);
