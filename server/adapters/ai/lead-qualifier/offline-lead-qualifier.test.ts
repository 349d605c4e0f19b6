import { describe, expect, it } from 'vitest';
import type { BusinessToQualify } from './lead-qualifier';
import { qualifyByRules } from './offline-lead-qualifier';

const profile = { industry: 'Marketing', service: 'Websites for clinics', preferredLocalClients: 'Dental clinics' };
const search = { query: 'dentist', radiusKm: 10 };
const business = (overrides: Partial<BusinessToQualify>): BusinessToQualify => ({
  name: 'Bright Smile',
  category: 'dentist',
  address: '12 Main Street',
  website: null,
  email: null,
  emailVerified: null,
  distanceKm: 2,
  ...overrides,
});

describe('qualifyByRules', () => {
  it('gives every point to a nearby match with a website and a verified email, and says why', () => {
    const [best] = qualifyByRules(profile, search, [
      business({ name: 'Dental Care', website: 'https://dc.test', email: 'a@dc.test', emailVerified: true }),
    ]);
    expect(best).toEqual({
      score: 100,
      reason: 'Matches “dentist”, fits your preferred clients, 2.0 km away, has a website, email found',
    });
  });

  it('scores an unverified email below a verified one, and a domain without mail lower still', () => {
    const [verified, unverified, noMx, none] = qualifyByRules(profile, search, [
      business({ email: 'a@x.test', emailVerified: true }),
      business({ email: 'a@x.test', emailVerified: null }),
      business({ email: 'a@x.test', emailVerified: false }),
      business({}),
    ]);
    expect(verified.score).toBeGreaterThan(unverified.score);
    expect(unverified.score).toBeGreaterThan(noMx.score);
    expect(noMx.score).toBeGreaterThan(none.score);
    expect(unverified.reason).toContain('email found (domain not confirmed)');
    expect(none.reason).toContain('no email found');
  });

  it('ranks a category match, nearness and a website higher', () => {
    const [match, other, near, far, outside, withSite] = qualifyByRules(profile, search, [
      business({}),
      business({ name: 'Crusty Corner', category: 'bakery' }),
      business({ distanceKm: 4 }),
      business({ distanceKm: 8 }),
      business({ distanceKm: 12 }),
      business({ website: 'https://x.test' }),
    ]);
    expect(match.score).toBeGreaterThan(other.score);
    expect(other.reason).toMatch(/^Not obviously “dentist”/);
    expect(near.score).toBeGreaterThan(far.score);
    expect(far.score).toBeGreaterThan(outside.score);
    expect(withSite.score).toBeGreaterThan(match.score);
  });

  it('is deterministic and stays within 0 to 100', () => {
    const list = [business({ email: 'a@x.test', emailVerified: true, website: 'https://x.test' }), business({})];
    const first = qualifyByRules(profile, search, list);
    expect(qualifyByRules(profile, search, list)).toEqual(first);
    for (const { score } of first) expect(score).toBeGreaterThanOrEqual(0);
    for (const { score } of first) expect(score).toBeLessThanOrEqual(100);
  });
});
