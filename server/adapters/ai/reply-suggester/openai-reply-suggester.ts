import { z } from 'zod';
import { JSON_OBJECT, OpenAiJsonAdapter } from '../openai-json';
import { notesInstruction } from '../writer/openai-writer';
import type { ReplySuggester, ReplySuggestionRequest } from './reply-suggester';

/** How much of each thread message the provider reads: the newest words matter, long histories cost. */
const THREAD_MESSAGE_CHARS = 2_000;

const suggestionSchema = z.object({ body: z.string().trim().min(1) });

/** What each priority asks of the answer, as the offline suggester does it. */
const AIM: Record<ReplySuggestionRequest['priority'], string> = {
  hot: 'The prospect wants to talk: thank them and propose two or three concrete times for a short call or meeting.',
  high: 'The prospect is interested or asks something: thank them, answer what you can and offer a short call.',
  medium: 'The prospect says later or maybe: be polite, respect the timing and propose a date to follow up.',
  other: 'The prospect is not interested: thank them and close politely, without pushing.',
};

/** Drafts answers to prospects through any OpenAI-compatible chat-completions endpoint, with the thread as context. */
export class OpenAiReplySuggester extends OpenAiJsonAdapter implements ReplySuggester {
  async suggest(request: ReplySuggestionRequest): Promise<string> {
    const system = systemPrompt(request);
    const prompt = { responseFormat: JSON_OBJECT, temperature: 0.5, system, user: threadText(request) };
    const suggestion = await this.completeJson(prompt, suggestionSchema, 'reply');
    return suggestion.body;
  }
}

function systemPrompt({ profile, tone, notes, priority, now, timeZone }: ReplySuggestionRequest): string {
  const sender = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || 'the sender';
  return [
    'You draft the answer of a local business owner to a prospect who replied to their email.',
    `Sender: ${sender} of ${profile.companyName ?? 'their company'} (${profile.industry ?? 'local business'}),`,
    `offering ${profile.service ?? 'their services'}.`,
    AIM[priority],
    `Now is ${now.toISOString()} (the sender's time zone is ${timeZone}); propose working days and hours.`,
    `Tone: ${tone}. Plain text, under 120 words, no subject line, no placeholders in square brackets,`,
    'ending with a sign-off from the sender. Answer with JSON only: {"body": "..."}.',
    ...notesInstruction(notes),
  ].join(' ');
}

/** The conversation as the provider reads it, oldest first. */
function threadText({ thread, subject, prospectText }: ReplySuggestionRequest): string {
  const messages =
    thread.length > 0 ? thread : [{ direction: 'inbound' as const, subject, body: prospectText, at: '' }];
  return messages
    .map((message) => {
      const who = message.direction === 'inbound' ? 'Prospect' : 'Sender';
      return `${who} (${message.at}), subject "${message.subject}":\n${message.body.slice(0, THREAD_MESSAGE_CHARS)}`;
    })
    .join('\n\n---\n\n');
}
