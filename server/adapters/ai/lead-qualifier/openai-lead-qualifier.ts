import { z } from 'zod';
import { AiError } from '../ai-error';
import { OpenAiJsonAdapter, strictJsonFormat, strictObject } from '../openai-json';
import type {
  BusinessToQualify,
  LeadQualifier,
  Qualification,
  QualifierProfile,
  QualifierSearch,
} from './lead-qualifier';

/** Businesses scored in one request: enough to be quick, few enough for a small model to keep them apart. */
const BATCH_SIZE = 20;
/** The reason is one line on the screen. */
const REASON_CHARS = 160;

const answerSchema = z.object({
  results: z.array(
    z.object({
      index: z.number().int().min(0),
      score: z.number().min(0).max(100),
      reason: z.string().trim().min(1),
    }),
  ),
});

const ANSWER_FORMAT = strictJsonFormat('lead_qualification', {
  results: {
    type: 'array',
    items: strictObject({
      index: { type: 'integer', description: 'The business’s index as given' },
      score: { type: 'integer', description: 'How good a client it would be, 0 to 100' },
      reason: { type: 'string', description: 'One short line saying why' },
    }),
  },
});

const INSTRUCTIONS = [
  'You qualify local businesses as prospective clients of a small business owner.',
  'For every business listed, give a score from 0 to 100 (how likely it is to need what the owner sells and how',
  'reachable it is: a found email counts, an unverified one less) and one short line saying why.',
  'Use only the facts given. Answer with JSON only: {"results": [{"index": 0, "score": 0, "reason": "..."}]}.',
].join(' ');

/** Qualifies businesses through any OpenAI-compatible chat-completions endpoint, by structured output, in batches. */
export class OpenAiLeadQualifier extends OpenAiJsonAdapter implements LeadQualifier {
  async qualify(
    profile: QualifierProfile,
    search: QualifierSearch,
    businesses: BusinessToQualify[],
  ): Promise<Qualification[]> {
    const qualified: Qualification[] = [];
    for (let start = 0; start < businesses.length; start += BATCH_SIZE) {
      const batch = businesses.slice(start, start + BATCH_SIZE);
      const prompt = {
        responseFormat: ANSWER_FORMAT,
        temperature: 0.2,
        system: INSTRUCTIONS,
        user: facts(profile, search, batch),
      };
      const answer = await this.completeJson(prompt, answerSchema, 'lead qualification');
      const byIndex = new Map(answer.results.map((result) => [result.index, result]));
      for (const index of batch.keys()) {
        const result = byIndex.get(index);
        if (!result) throw new AiError('unusable', "The AI provider's answer left businesses unscored.");
        qualified.push({ score: Math.round(result.score), reason: result.reason.slice(0, REASON_CHARS) });
      }
    }
    return qualified;
  }
}

function facts(profile: QualifierProfile, search: QualifierSearch, batch: BusinessToQualify[]): string {
  const owner = [
    `The owner's industry: ${profile.industry || 'not given'}.`,
    `What they sell: ${profile.service || 'not given'}.`,
    `Their preferred local clients: ${profile.preferredLocalClients || 'not given'}.`,
    `They searched for "${search.query}" within ${search.radiusKm} km.`,
  ];
  const listed = batch.map((business, index) =>
    JSON.stringify({
      index,
      name: business.name,
      category: business.category,
      address: business.address,
      website: business.website,
      email: business.email,
      emailVerified: business.emailVerified,
      distanceKm: business.distanceKm === null ? null : Number(business.distanceKm.toFixed(1)),
    }),
  );
  return [...owner, 'Businesses:', ...listed].join('\n');
}
