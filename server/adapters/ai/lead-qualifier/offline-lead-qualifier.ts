import type { BusinessToQualify, Qualification, QualifierProfile, QualifierSearch } from './lead-qualifier';

/**
 * Points of each rule; they add up to 100. An email counts most (without one there is nobody to write to), one
 * whose domain could not be confirmed to receive mail less, one whose domain has no MX records least.
 */
const POINTS = {
  base: 5,
  matchesQuery: 30,
  matchesProfile: 10,
  nearby: 15,
  withinRadius: 8,
  website: 10,
  verifiedEmail: 30,
  unverifiedEmail: 20,
  emailWithoutMx: 5,
} as const;

/** Words too common to say anything about a business. */
const STOP_WORDS = new Set(['and', 'the', 'for', 'with', 'near', 'local', 'small', 'business', 'businesses', 'shop']);
/** Words match when they share this many first letters (dentist, dentists; restaurant, restaurants). */
const STEM_LETTERS = 5;

/**
 * The built-in qualification, used without an AI provider: a business gains points for matching what the user
 * searched for (its category or name), for matching the user's preferred clients or industry, for being well inside
 * the radius, for having a website, and most for a found email (less when its domain could not be confirmed).
 */
export function qualifyByRules(
  profile: QualifierProfile,
  search: QualifierSearch,
  businesses: BusinessToQualify[],
): Qualification[] {
  const queryWords = words(search.query);
  const profileWords = words([profile.preferredLocalClients, profile.industry].filter(Boolean).join(' '));
  return businesses.map((business) => {
    const own = words(`${business.category ?? ''} ${business.name}`);
    let score = POINTS.base;
    const reasons: string[] = [];
    if (overlaps(own, queryWords)) {
      score += POINTS.matchesQuery;
      reasons.push(`matches “${search.query}”`);
    } else reasons.push(`not obviously “${search.query}”`);
    if (overlaps(own, profileWords)) {
      score += POINTS.matchesProfile;
      reasons.push('fits your preferred clients');
    }
    if (business.distanceKm !== null && business.distanceKm <= search.radiusKm) {
      score += business.distanceKm <= search.radiusKm / 2 ? POINTS.nearby : POINTS.withinRadius;
      reasons.push(`${business.distanceKm.toFixed(1)} km away`);
    }
    if (business.website) {
      score += POINTS.website;
      reasons.push('has a website');
    }
    if (!business.email) reasons.push('no email found');
    else if (business.emailVerified === true) {
      score += POINTS.verifiedEmail;
      reasons.push('email found');
    } else if (business.emailVerified === null) {
      score += POINTS.unverifiedEmail;
      reasons.push('email found (domain not confirmed)');
    } else {
      score += POINTS.emailWithoutMx;
      reasons.push('email domain receives no mail');
    }
    const line = reasons.join(', ');
    return { score: Math.min(100, score), reason: `${line.charAt(0).toUpperCase()}${line.slice(1)}` };
  });
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
}

function overlaps(own: string[], wanted: string[]): boolean {
  return own.some((word) => wanted.some((other) => word.slice(0, STEM_LETTERS) === other.slice(0, STEM_LETTERS)));
}
