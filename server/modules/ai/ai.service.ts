import { AI_PROVIDER_SETTINGS, type AiProviderStatus, type AiWriterStatus } from '../../../contract/ai';
import type { AiGenerateResponse } from '../../../contract/templates';
import type { AiConfig } from '../../adapters/ai/ai-provider';
import type { EmailWriter, WritingStyle } from '../../adapters/ai/writer/email-writer';
import type { UserRow } from '../../db/schema';
import { sanitizeEmailHtml, textToHtml } from '../templates/sanitize-email-html';

export type AiService = ReturnType<typeof createAiService>;

export function createAiService(deps: {
  writer: EmailWriter;
  config: AiConfig;
  /** The tone and notes of the user's marketing strategy. */
  writingStyle: (user: UserRow) => Promise<WritingStyle>;
}) {
  return {
    /** POST /api/ai/generate-from-prompt: a draft in the strategy's tone and notes, sanitised. */
    async generateFromPrompt(user: UserRow, prompt: string): Promise<AiGenerateResponse> {
      const draft = await deps.writer.draft({ prompt, profile: user, ...(await deps.writingStyle(user)) });
      return {
        subject: draft.subject.replace(/[\r\n]+/g, ' ').trim(),
        body: sanitizeEmailHtml(textToHtml(draft.body)),
        source: deps.writer.source,
      };
    },

    /** GET /api/ai/status: whether drafts come from a provider or the built-in offline writer. */
    writerStatus(): AiWriterStatus {
      return { source: deps.writer.source };
    },

    /** GET /api/admin/ai-provider: which writer drafts, and where (never the key). */
    providerStatus(): AiProviderStatus {
      const online = deps.writer.source === 'ai';
      return {
        source: deps.writer.source,
        baseUrl: online ? (deps.config.aiBaseUrl ?? null) : null,
        model: online ? deps.config.aiModel : null,
        settings: [...AI_PROVIDER_SETTINGS],
      };
    },
  };
}
