import type OpenAI from 'openai';
import { z } from 'zod';
import { AiError } from '../ai-error';
import type { Draft, DraftRequest, EmailWriter } from './email-writer';

export type OpenAiWriterOptions = { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };

const draftSchema = z.object({ subject: z.string().trim().min(1), body: z.string().trim().min(1) });

/** Drafts through any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM…). */
export class OpenAiWriter implements EmailWriter {
  readonly source = 'ai' as const;
  private readonly client: Promise<OpenAI>;

  constructor(private readonly options: OpenAiWriterOptions) {
    this.client = openAiClient(options);
  }

  async draft(request: DraftRequest): Promise<Draft> {
    const prompt = {
      responseFormat: JSON_OBJECT,
      temperature: 0.7,
      system: systemPrompt(request),
      user: request.prompt,
    };
    return completeJson(this.client, this.options, prompt, draftSchema, 'draft');
  }
}

/** Any JSON object: for prompts that spell out the shape themselves. */
export const JSON_OBJECT = { type: 'json_object' as const };

type JsonPrompt = {
  responseFormat: OpenAI.ChatCompletionCreateParamsNonStreaming['response_format'];
  temperature: number;
  system: string;
  user: string;
};

/**
 * One system + user exchange whose answer must be JSON of the schema, asked the same way by every AI adapter so
 * that they all fail alike: provider trouble as providerError says, an answer that does not fit as "unusable <what>".
 */
export async function completeJson<T>(
  client: Promise<OpenAI>,
  options: Pick<OpenAiWriterOptions, 'model' | 'timeoutMs'>,
  prompt: JsonPrompt,
  schema: z.ZodType<T>,
  what: string,
): Promise<T> {
  let content: string | null | undefined;
  try {
    const completion = await (await client).chat.completions.create({
      model: options.model,
      response_format: prompt.responseFormat,
      temperature: prompt.temperature,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
    });
    content = completion.choices[0]?.message?.content;
  } catch (error) {
    throw providerError(error, options.timeoutMs, (await import('openai')).default);
  }
  const answer = schema.safeParse(parseJson(content));
  if (!answer.success) {
    throw new AiError('unusable', `The AI provider's answer was not a usable ${what}. Please try again.`);
  }
  return answer.data;
}

/**
 * A client of the configured provider that gives up after the timeout and never retries by itself. The SDK is
 * loaded here, with the first AI adapter, not by every server start (decision 0043).
 */
export async function openAiClient(options: Omit<OpenAiWriterOptions, 'model'>): Promise<OpenAI> {
  const { default: OpenAiSdk } = await import('openai');
  return new OpenAiSdk({
    baseURL: options.baseUrl,
    // Local servers such as Ollama accept any key; the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
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

/** `sdk` is the loaded SDK, whose error classes tell the failures apart. */
function providerError(error: unknown, timeoutMs: number, sdk: typeof OpenAI): AiError {
  if (error instanceof sdk.APIConnectionTimeoutError) {
    const seconds = Math.round(timeoutMs / 1000);
    return new AiError('timeout', `The AI provider did not answer within ${seconds} seconds. Please try again.`);
  }
  if (error instanceof sdk.APIError && error.status) {
    return new AiError(
      'refused',
      `The AI provider refused the request (${error.status}): ${error.message.replace(/^\d+\s*/, '')}`,
    );
  }
  if (error instanceof sdk.APIConnectionError) {
    return new AiError('unreachable', 'Could not reach the AI provider. Check AI_BASE_URL and try again.');
  }
  return new AiError('unreachable', 'The AI provider failed. Please try again.');
}
