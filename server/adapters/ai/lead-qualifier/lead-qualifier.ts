import { type AiConfig, hasAiProvider, loadedOnFirstUse, openAiOptionsOf } from '../ai-provider';
import { qualifyByRules } from './offline-lead-qualifier';

/** What the user sells and to whom (their profile): what a business is qualified against. */
export type QualifierProfile = {
  industry: string | null;
  service: string | null;
  preferredLocalClients: string | null;
};

/** What the user searched for. */
export type QualifierSearch = { query: string; radiusKm: number };

/** A business found by the lead finder, as far as qualifying it goes. */
export type BusinessToQualify = {
  name: string;
  category: string | null;
  address: string | null;
  website: string | null;
  email: string | null;
  /** The email's domain has MX records; null when that could not be checked. */
  emailVerified: boolean | null;
  distanceKm: number | null;
};

/** A score from 0 to 100 and one line saying why. */
export type Qualification = { score: number; reason: string };

/** Scores found businesses against the user's profile: the AI provider, or the built-in rules. */
export interface LeadQualifier {
  readonly source: 'ai' | 'offline';
  /** One qualification per business, in the same order. */
  qualify(
    profile: QualifierProfile,
    search: QualifierSearch,
    businesses: BusinessToQualify[],
  ): Promise<Qualification[]>;
}

/**
 * The configured qualifier: the AI provider when one is set (its SDK loaded on first use), else the rules. A
 * provider that fails or answers unusably leaves that batch to the rules: a search never fails for its scores.
 */
export function createLeadQualifier(config: AiConfig): LeadQualifier {
  if (!hasAiProvider(config)) {
    return {
      source: 'offline',
      qualify: async (profile, search, businesses) => qualifyByRules(profile, search, businesses),
    };
  }
  const qualifier = loadedOnFirstUse(
    async () => new (await import('./openai-lead-qualifier')).OpenAiLeadQualifier(openAiOptionsOf(config)),
  );
  return {
    source: 'ai',
    async qualify(profile, search, businesses) {
      try {
        return await (await qualifier()).qualify(profile, search, businesses);
      } catch {
        return qualifyByRules(profile, search, businesses);
      }
    },
  };
}
