import {
  STRATEGY_TONES,
  type StrategyRecommendation,
  strategyRecommendationSchema,
} from '../../../../contract/strategy';
import { OpenAiJsonAdapter, strictJsonFormat } from '../openai-json';
import type { WriterProfile } from '../writer/email-writer';
import type { StrategyWriter } from './strategy-writer';

const STRATEGY_FORMAT = strictJsonFormat('marketing_strategy', {
  recommendedEmailsPerWeek: { type: 'integer', enum: [2, 3, 4, 5] },
  recommendedTargetAudience: { type: 'string', description: 'Who to write to and why, in two or three sentences' },
  recommendedTone: { type: 'string', enum: [...STRATEGY_TONES] },
  recommendedFollowupStrategy: { type: 'string', description: 'How the follow-ups go, in two or three sentences' },
});

// The app's own rules, so the advice fits what its sequences can do (decision 0021).
const INSTRUCTIONS = [
  'You plan the cold email outreach of a local business owner to local prospects.',
  'Their outreach runs as weekly sequences: each lead gets at most one email per calendar week, follow-ups stop',
  'as soon as the lead replies, and a follow-up may answer in the same thread as the previous email.',
  'recommendedEmailsPerWeek (2 to 5) is how many different emails of the sequence go out each week, so also how',
  'many weekly touches each lead gets. recommendedTargetAudience says who exactly to write to in their area and what',
  'those people care about. recommendedTone is professional, friendly or casual, whichever suits the industry and',
  'the clients. recommendedFollowupStrategy says what each follow-up brings, whether it replies in the same thread,',
  'and when to stop. Be concrete to this business; no placeholders in square brackets. Answer with JSON only.',
].join(' ');

/** Writes strategies through any OpenAI-compatible chat-completions endpoint, by structured output. */
export class OpenAiStrategyWriter extends OpenAiJsonAdapter implements StrategyWriter {
  async write(profile: WriterProfile): Promise<StrategyRecommendation> {
    const user = profileText(profile);
    const prompt = { responseFormat: STRATEGY_FORMAT, temperature: 0.4, system: INSTRUCTIONS, user };
    return this.completeJson(prompt, strategyRecommendationSchema, 'strategy');
  }
}

function profileText(profile: WriterProfile): string {
  const field = (value: string | null) => value?.trim() || 'not given';
  return [
    `Company: ${field(profile.companyName)}`,
    `Industry: ${field(profile.industry)}`,
    `Service: ${field(profile.service)}`,
    `Preferred local clients: ${field(profile.preferredLocalClients)}`,
  ].join('\n');
}
