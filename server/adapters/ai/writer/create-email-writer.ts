import { type AiConfig, hasAiProvider, loadedOnFirstUse, openAiOptionsOf } from '../ai-provider';
import type { EmailWriter } from './email-writer';
import { OfflineWriter } from './offline-writer';

/**
 * The configured writer: an OpenAI-compatible provider when one is set, else the offline writer. The provider's
 * SDK is loaded on the first draft, so installs without AI do not carry it.
 */
export function createEmailWriter(config: AiConfig): EmailWriter {
  if (!hasAiProvider(config)) return new OfflineWriter();
  const writer = loadedOnFirstUse(
    async () => new (await import('./openai-writer')).OpenAiWriter(openAiOptionsOf(config)),
  );
  return { source: 'ai', draft: async (request) => (await writer()).draft(request) };
}
