import { describe, expect, it } from 'vitest';
import { strategyRecommendationSchema } from '../../../../contract/strategy';
import { OfflineStrategyWriter } from './offline-strategy-writer';

const writer = new OfflineStrategyWriter();
const profile = (fields: Partial<Record<string, string | null>> = {}) => ({
  firstName: 'Dana',
  lastName: null,
  companyName: 'Bright Smiles',
  industry: 'Dental',
  service: 'Teeth whitening',
  preferredLocalClients: 'Office workers downtown',
  ...fields,
});

describe('the offline strategy writer', () => {
  it('writes within the rules a provider is held to', async () => {
    for (const industry of ['Dental', 'Insurance', 'Bakery', 'Yoga studio', 'Web design', 'Plumbing', 'Pottery']) {
      expect(strategyRecommendationSchema.safeParse(await writer.write(profile({ industry }))).success).toBe(true);
    }
  });

  it('finds the industry in the service when the industry says nothing it knows', async () => {
    const byService = await writer.write(profile({ industry: 'Local', service: 'Mortgage advice' }));
    const mortgage = await writer.write(profile({ industry: 'Finance', service: 'Mortgage advice' }));
    expect(byService.recommendedTargetAudience).toBe(
      mortgage.recommendedTargetAudience.replace('local finance business', 'local business'),
    );
    expect(byService.recommendedFollowupStrategy).toBe(mortgage.recommendedFollowupStrategy);
  });

  it('uses sensible words when the profile is empty', async () => {
    const empty = await writer.write(
      profile({ companyName: null, industry: null, service: '  ', preferredLocalClients: null }),
    );
    expect(empty).toMatchObject({ recommendedEmailsPerWeek: 3, recommendedTone: 'professional' });
    expect(empty.recommendedTargetAudience).toMatch(/^Local clients who may need your services from your business\./);
    expect(empty.recommendedTargetAudience).toContain('a local business is the right choice');
    expect(empty.recommendedFollowupStrategy).toMatch(
      /^Start with a first email introducing your services at your business/,
    );
    expect(empty.recommendedFollowupStrategy).toContain('3 touches per lead over 3 weeks');
  });

  it('keeps a calmer voice for businesses than for households in casual trades', async () => {
    const households = await writer.write(profile({ industry: 'Bakery', preferredLocalClients: 'Families nearby' }));
    const offices = await writer.write(profile({ industry: 'Bakery', preferredLocalClients: 'Offices downtown' }));
    expect(households.recommendedTone).toBe('casual');
    expect(offices.recommendedTone).toBe('friendly');
  });
});
