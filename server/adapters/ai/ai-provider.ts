import type { OpenAiOptions } from './openai-json';

/**
 * The AI provider as the configuration gives it, shared by every AI capability (writer, reply reader, reply
 * suggester, stock analyst, strategy writer, lead qualifier). With none, each capability has an offline stand-in.
 */
export type AiConfig = { aiBaseUrl?: string; aiApiKey?: string; aiModel: string; aiTimeoutMs: number };

/** Whether an OpenAI-compatible provider is configured (else the offline writers draft, and nothing reads replies). */
export function hasAiProvider(config: AiConfig): boolean {
  return Boolean(config.aiBaseUrl || config.aiApiKey);
}

/** What the OpenAI-compatible implementations are built with. */
export function openAiOptionsOf(config: AiConfig): OpenAiOptions {
  return { baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, model: config.aiModel, timeoutMs: config.aiTimeoutMs };
}

/**
 * An implementation loaded on its first use, once: the provider's SDK is imported then, so installs without AI never
 * load it.
 */
export function loadedOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
