import { z } from 'zod';
import { JSON_OBJECT, OpenAiJsonAdapter } from '../openai-json';
import type { Draft, DraftRequest, EmailWriter } from './email-writer';

const draftSchema = z.object({ subject: z.string().trim().min(1), body: z.string().trim().min(1) });

/** Drafts through any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM…). */
export class OpenAiWriter extends OpenAiJsonAdapter implements EmailWriter {
  async draft(request: DraftRequest): Promise<Draft> {
    const system = systemPrompt(request);
    const prompt = { responseFormat: JSON_OBJECT, temperature: 0.7, system, user: request.prompt };
    return this.completeJson(prompt, draftSchema, 'draft');
  }
}

function systemPrompt({ profile, tone, notes }: DraftRequest): string {
  const sender = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || 'the sender';
  return [
    'You write short, personal cold emails for a local business owner.',
    `Sender: ${sender} of ${profile.companyName ?? 'their company'} (${profile.industry ?? 'local business'}),`,
    `offering ${profile.service ?? 'their services'} to ${profile.preferredLocalClients ?? 'local clients'}.`,
    `Tone: ${tone}. Under 160 words, one clear call to action, no hype, no placeholders in square brackets.`,
    'Address the recipient with the variable {firstName|there} and mention their business as {company|your business}',
    'where natural; use no other variables.',
    'Answer with JSON only: {"subject": "...", "body": "..."} where body is simple HTML using <p>, <strong>, <em>,',
    '<ul>, <li> and <a> only, ending with a sign-off from the sender.',
    ...notesInstruction(notes),
  ].join(' ');
}

/** The user's own notes from their marketing strategy, as instructions that come after (and so refine) ours. */
export function notesInstruction(notes: string | null): string[] {
  return notes ? [`The sender's own instructions for their emails (follow them): ${notes}`] : [];
}
