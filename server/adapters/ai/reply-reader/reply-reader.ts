import { z } from 'zod';
import { RESPONSE_PRIORITIES } from '../../../../contract/responses';
import type { ReplyIntent } from '../../mail/inbound/reply-intent';
import { type AiConfig, hasAiProvider, loadedOnFirstUse, openAiOptionsOf } from '../ai-provider';
import { completeJson, openAiClient, strictJsonFormat } from '../openai-json';

/** How much of a reply the provider reads: what the prospect wrote stands at the top. */
const READ_CHARS = 4_000;
/** The longest reason kept (the inbox shows it in a few words). */
const REASON_CHARS = 80;

/** Reads what a prospect's reply asks for; null when it cannot (the caller then uses the built-in rules). */
export type ReplyReader = { read(input: { subject: string; text: string }): Promise<ReplyIntent | null> };

const intentSchema = z.object({
  priority: z.enum(RESPONSE_PRIORITIES),
  reason: z.string().trim().min(1),
  unsubscribe: z.boolean(),
});

const INTENT_FORMAT = strictJsonFormat('reply_intent', {
  priority: { type: 'string', enum: [...RESPONSE_PRIORITIES] },
  reason: { type: 'string', description: 'Why, in a few words (e.g. "Asks for a call")' },
  unsubscribe: { type: 'boolean', description: 'The prospect asks to get no more emails' },
});

const INSTRUCTIONS = [
  'You sort replies to a local business owner’s sales emails. Give the reply a priority:',
  '"hot" (wants a meeting, a call or a price), "high" (interested, asks a question),',
  '"medium" (later, maybe, or passes it on to someone else), "other" (not interested, wrong person).',
  'Give the reason in a few words, and say whether the prospect asks to get no more emails (unsubscribe).',
].join(' ');

/**
 * The AI provider's reading of a reply, by structured output. Without a provider, or when it fails, times out or
 * answers something else, it reads nothing: the built-in rules (readReplyIntent) decide then, so an outage never
 * stops replies from being taken in.
 */
export function createReplyReader(config: AiConfig): ReplyReader {
  if (!hasAiProvider(config)) return { read: async () => null };
  const client = loadedOnFirstUse(() => openAiClient(openAiOptionsOf(config)));
  return {
    async read({ subject, text }) {
      try {
        const options = { model: config.aiModel, timeoutMs: config.aiTimeoutMs };
        const user = `Subject: ${subject}\n\n${text.slice(0, READ_CHARS)}`;
        const prompt = { responseFormat: INTENT_FORMAT, temperature: 0, system: INSTRUCTIONS, user };
        const intent = await completeJson(client(), options, prompt, intentSchema, 'reading');
        return { ...intent, reason: intent.reason.slice(0, REASON_CHARS) };
      } catch {
        return null;
      }
    },
  };
}
