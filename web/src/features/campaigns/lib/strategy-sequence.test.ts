import type { MarketingStrategy } from '@contract/strategy';
import { describe, expect, it } from 'vitest';
import { defaultFollowUps, defaultsHint, sequenceDefaults } from './strategy-sequence';

const strategy: MarketingStrategy = {
  recommendedEmailsPerWeek: 4,
  recommendedTargetAudience: 'Families',
  recommendedTone: 'friendly',
  recommendedFollowupStrategy: 'Follow up once a week, each as a short reply in the same thread.',
  customAdjustments: null,
  status: 'approved',
  writer: 'offline',
  updatedAt: '2026-03-02T10:00:00.000Z',
};
const templates = [
  { id: 1, weekNumber: 1 },
  { id: 2, weekNumber: 2 },
  { id: 3, weekNumber: 3 },
  { id: 4, weekNumber: 4 },
];

describe('a new sequence from the marketing strategy', () => {
  it('has as many weekly steps as the strategy’s emails per week, in the thread when it says so', () => {
    const defaults = sequenceDefaults(strategy);
    expect(defaults).toEqual({ touches: 4, sameThread: true, fromStrategy: true });
    const followUps = defaultFollowUps(templates, '1', defaults);
    expect(followUps.map((step) => [step.templateId, step.sameThread, step.delayDays])).toEqual([
      ['2', true, ''],
      ['3', true, ''],
      ['4', true, ''],
    ]);
    expect(defaultsHint(defaults)).toBe(
      'Your marketing strategy suggests 4 weekly emails, follow-ups in the same thread.',
    );
  });

  it('starts follow-ups as new emails when the follow-up strategy does not answer in the thread', () => {
    const fresh = { ...strategy, recommendedEmailsPerWeek: 2, recommendedFollowupStrategy: 'A new email each week.' };
    expect(sequenceDefaults(fresh)).toEqual({ touches: 2, sameThread: false, fromStrategy: true });
    expect(defaultsHint(sequenceDefaults(fresh))).toBe('Your marketing strategy suggests 2 weekly emails.');
  });

  it('keeps one follow-up without a strategy, or while it is being written', () => {
    for (const none of [undefined, { ...strategy, status: 'generating' as const, writer: null }]) {
      const defaults = sequenceDefaults(none);
      expect(defaultFollowUps(templates, '1', defaults)).toHaveLength(1);
      expect(defaults.sameThread).toBe(false);
      expect(defaultsHint(defaults)).toBeNull();
    }
  });
});
