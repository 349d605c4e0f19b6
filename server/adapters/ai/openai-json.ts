import type OpenAI from 'openai';
import type { z } from 'zod';
import { AiError } from './ai-error';

/** What an OpenAI-compatible provider is reached with (OpenAI, Ollama, vLLM…). */
export type OpenAiOptions = { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };

/** Any JSON object: for prompts that spell out the shape themselves. */
export const JSON_OBJECT = { type: 'json_object' as const };

/** A JSON schema object whose every property is required and that allows no others, as strict structured output wants. */
export function strictObject(properties: Record<string, unknown>) {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** The answer's shape as a strict JSON schema named `name`, so providers with structured output keep to it. */
export function strictJsonFormat(name: string, properties: Record<string, unknown>) {
  return { type: 'json_schema' as const, json_schema: { name, strict: true, schema: strictObject(properties) } };
}

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
  options: Pick<OpenAiOptions, 'model' | 'timeoutMs'>,
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
export async function openAiClient(options: Omit<OpenAiOptions, 'model'>): Promise<OpenAI> {
  const { default: OpenAiSdk } = await import('openai');
  return new OpenAiSdk({
    baseURL: options.baseUrl,
    // Local servers such as Ollama accept any key; the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
}

/**
 * An AI capability answered by an OpenAI-compatible chat-completions endpoint: one client, made when the capability
 * is, and every answer asked for by completeJson.
 */
export abstract class OpenAiJsonAdapter {
  readonly source = 'ai' as const;
  private readonly client: Promise<OpenAI>;

  constructor(private readonly options: OpenAiOptions) {
    this.client = openAiClient(options);
  }

  protected completeJson<T>(prompt: JsonPrompt, schema: z.ZodType<T>, what: string): Promise<T> {
    return completeJson(this.client, this.options, prompt, schema, what);
  }
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

/** A provider's refusal as a user reads it, by its HTTP status. */
function refusalSentence(status: number): string {
  if (status === 401 || status === 403)
    return "The AI provider refused this server's access. Your administrator can fix its setup.";
  if (status === 429) return 'The AI provider takes no more requests for now. Please try again later.';
  return 'The AI provider refused the request. Please try again later.';
}

/** `sdk` is the loaded SDK, whose error classes tell the failures apart. */
function providerError(error: unknown, timeoutMs: number, sdk: typeof OpenAI): AiError {
  if (error instanceof sdk.APIConnectionTimeoutError) {
    const seconds = Math.round(timeoutMs / 1000);
    return new AiError('timeout', `The AI provider did not answer within ${seconds} seconds. Please try again.`);
  }
  if (error instanceof sdk.APIError && error.status) {
    // The provider's reason is about this server's key, model or plan: the operator's to read, not a user's.
    const detail = `The AI provider answered ${error.status}: ${error.message.replace(/^\d+\s*/, '')}. Check AI_API_KEY and AI_MODEL.`;
    return new AiError('refused', refusalSentence(error.status)).withOperatorDetail(detail);
  }
  if (error instanceof sdk.APIConnectionError) {
    return new AiError(
      'unreachable',
      'Could not reach the AI provider. Try again in a few minutes.',
    ).withOperatorDetail('Check AI_BASE_URL and that this server reaches it.');
  }
  return new AiError('unreachable', 'The AI provider failed. Please try again.');
}
