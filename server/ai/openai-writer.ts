import OpenAI from 'openai';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Draft, DraftRequest, EmailWriter } from './email-writer';

export type OpenAiWriterOptions = { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };

const draftSchema = z.object({ subject: z.string().trim().min(1), body: z.string().trim().min(1) });

/** Drafts through any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM…). */
export class OpenAiWriter implements EmailWriter {
  readonly source = 'ai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiWriterOptions) {
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers such as Ollama accept any key; the SDK insists on one.
      apiKey: options.apiKey ?? 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
  }

  async draft(request: DraftRequest): Promise<Draft> {
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.options.model,
        response_format: { type: 'json_object' },
        temperature: 0.7,
        messages: [
          { role: 'system', content: systemPrompt(request) },
          { role: 'user', content: request.prompt },
        ],
      });
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      throw providerError(error, this.options.timeoutMs);
    }
    const draft = draftSchema.safeParse(parseJson(content));
    if (!draft.success) {
      throw new AppError('ai_bad_answer', "The AI provider's answer was not a usable draft. Please try again.", 502);
    }
    return draft.data;
  }
}

function systemPrompt({ profile, tone }: DraftRequest): string {
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
  ].join(' ');
}

/** Models sometimes wrap JSON in a Markdown fence despite being asked not to. */
function parseJson(content: string | null | undefined): unknown {
  if (!content) return null;
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(unfenced);
  } catch {
    return null;
  }
}

function providerError(error: unknown, timeoutMs: number): AppError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    const seconds = Math.round(timeoutMs / 1000);
    return new AppError(
      'ai_timeout',
      `The AI provider did not answer within ${seconds} seconds. Please try again.`,
      502,
    );
  }
  if (error instanceof OpenAI.APIError && error.status) {
    return new AppError(
      'ai_error',
      `The AI provider refused the request (${error.status}): ${error.message.replace(/^\d+\s*/, '')}`,
      502,
    );
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AppError('ai_unreachable', 'Could not reach the AI provider. Check AI_BASE_URL and try again.', 502);
  }
  return new AppError('ai_error', 'The AI provider failed. Please try again.', 502);
}
