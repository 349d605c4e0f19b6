import type { MarketingStrategy } from '@contract/strategy';
import { type FollowUpDraft, newFollowUp } from './sequence-draft';

/** What a new sequence starts with: how many weekly touches in all, and whether follow-ups answer in the thread. */
export type SequenceDefaults = { touches: number; sameThread: boolean; fromStrategy: boolean };

/** Without a strategy: the template and one follow-up, a new email (the least a sequence is). */
const WITHOUT_STRATEGY: SequenceDefaults = { touches: 2, sameThread: false, fromStrategy: false };

/**
 * The strategy's defaults for a new sequence (decision 0021): each lead gets at most one mail a week, so "n emails
 * per week" becomes n weekly steps, and once a new group of leads starts each week, n different emails go out every
 * week. Follow-ups answer in the same thread when the follow-up strategy says so (both writers state it).
 */
export function sequenceDefaults(strategy: MarketingStrategy | undefined): SequenceDefaults {
  if (!strategy?.writer) return WITHOUT_STRATEGY;
  return {
    touches: strategy.recommendedEmailsPerWeek,
    sameThread: /same thread/i.test(strategy.recommendedFollowupStrategy),
    fromStrategy: true,
  };
}

/** The follow-ups a sequence starts with after `firstTemplateId`, each with the next template in week order. */
export function defaultFollowUps(
  templates: Parameters<typeof newFollowUp>[0],
  firstTemplateId: string,
  defaults: SequenceDefaults,
): FollowUpDraft[] {
  const followUps: FollowUpDraft[] = [];
  for (let step = 1; step < defaults.touches; step++) {
    const stepTemplateIds = [firstTemplateId, ...followUps.map((followUp) => followUp.templateId)];
    followUps.push({ ...newFollowUp(templates, stepTemplateIds), sameThread: defaults.sameThread });
  }
  return followUps;
}

/** The line under the sequence switch that says where its defaults come from. */
export function defaultsHint({ touches, sameThread, fromStrategy }: SequenceDefaults): string | null {
  if (!fromStrategy) return null;
  return `Your marketing strategy suggests ${touches} weekly emails${sameThread ? ', follow-ups in the same thread' : ''}.`;
}
