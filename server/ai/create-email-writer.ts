import type { EmailWriter } from './email-writer';
import { OfflineWriter } from './offline-writer';

export type AiConfig = { aiBaseUrl?: string; aiApiKey?: string; aiModel: string; aiTimeoutMs: number };

/** Whether an OpenAI-compatible provider is configured (else the offline writers draft, and nothing reads replies). */
export function hasAiProvider(config: AiConfig): boolean {
  return Boolean(config.aiBaseUrl || config.aiApiKey);
}

/**
 * The configured writer: an OpenAI-compatible provider when one is set, else the offline writer. The provider's
 * SDK is loaded on the first draft, so installs without AI do not carry it.
 */
export function createEmailWriter(config: AiConfig): EmailWriter {
  if (!hasAiProvider(config)) return new OfflineWriter();
  let writer: Promise<EmailWriter> | undefined;
  return {
    source: 'ai',
    async draft(request) {
      writer ??= import('./openai-writer').then(
        ({ OpenAiWriter }) =>
          new OpenAiWriter({
            baseUrl: config.aiBaseUrl,
            apiKey: config.aiApiKey,
            model: config.aiModel,
            timeoutMs: config.aiTimeoutMs,
          }),
      );
      return (await writer).draft(request);
    },
  };
}
