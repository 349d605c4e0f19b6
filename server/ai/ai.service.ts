import type { AiGenerateResponse } from '../../contract/templates';
import type { UserRow } from '../db/schema';
import { sanitizeEmailHtml, textToHtml } from '../modules/templates/sanitize-email-html';
import type { EmailTone, EmailWriter } from './email-writer';
import { OfflineWriter } from './offline-writer';

export type AiConfig = { aiBaseUrl?: string; aiApiKey?: string; aiModel: string; aiTimeoutMs: number };
export type AiService = ReturnType<typeof createAiService>;

/**
 * The configured writer: an OpenAI-compatible provider when one is set, else the offline writer. The provider's
 * SDK is loaded on the first draft, so installs without AI do not carry it.
 */
export function createEmailWriter(config: AiConfig): EmailWriter {
  if (!config.aiBaseUrl && !config.aiApiKey) return new OfflineWriter();
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

export function createAiService(deps: { writer: EmailWriter }) {
  return {
    /** POST /api/ai/generate-from-prompt: a draft in the user's voice, sanitised like any template body. */
    async generateFromPrompt(user: UserRow, prompt: string): Promise<AiGenerateResponse> {
      // The marketing strategy's tone takes over here once strategies exist (a later issue).
      const tone: EmailTone = 'professional';
      const draft = await deps.writer.draft({ prompt, profile: user, tone });
      return {
        subject: draft.subject.replace(/[\r\n]+/g, ' ').trim(),
        body: sanitizeEmailHtml(textToHtml(draft.body)),
        source: deps.writer.source,
      };
    },
  };
}
