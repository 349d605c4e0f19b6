import type { MarketingStrategy } from '@contract/strategy';
import { describe, expect, it } from 'vitest';
import { saveRequest, seedStrategyForm } from './strategy-form';

const strategy: MarketingStrategy = {
  recommendedEmailsPerWeek: 4,
  recommendedTargetAudience: 'Families',
  recommendedTone: 'casual',
  recommendedFollowupStrategy: 'Weekly',
  customAdjustments: 'Keep it short.',
  status: 'generated',
  writer: 'offline',
  updatedAt: '2026-03-02T10:00:00.000Z',
};

describe('the strategy form', () => {
  it('is seeded from the loaded strategy', () => {
    expect(seedStrategyForm(strategy)).toEqual({ emailsPerWeek: '4', tone: 'casual', adjustments: 'Keep it short.' });
  });

  it('falls back to 3 a week, professional and no notes', () => {
    expect(seedStrategyForm(undefined)).toEqual({ emailsPerWeek: '3', tone: 'professional', adjustments: '' });
    expect(seedStrategyForm({ ...strategy, recommendedEmailsPerWeek: 7, customAdjustments: null })).toMatchObject({
      emailsPerWeek: '3',
      adjustments: '',
    });
  });

  it('saves the choices with the status of the button', () => {
    expect(saveRequest({ emailsPerWeek: '5', tone: 'friendly', adjustments: 'No Mondays' }, 'adjusted')).toEqual({
      status: 'adjusted',
      customAdjustments: 'No Mondays',
      recommendedEmailsPerWeek: 5,
      recommendedTone: 'friendly',
    });
  });
});
