import { z } from 'zod';

/** The environment variables an administrator sets to choose the AI provider (any OpenAI-compatible API). */
export const AI_PROVIDER_SETTINGS = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const;

const aiWriterSourceSchema = z.enum(['ai', 'offline']);

/** GET /api/ai/status: which writer drafts, for every signed-in user (nothing about where or how). */
export const aiWriterStatusSchema = z.object({
  /** "ai": an OpenAI-compatible provider; "offline": the built-in writer, as no provider is configured. */
  source: aiWriterSourceSchema,
});
export type AiWriterStatus = z.infer<typeof aiWriterStatusSchema>;

/** GET /api/admin/ai-provider: what drafts "Generate with AI" is set up to use (administrators only). */
export const aiProviderStatusSchema = aiWriterStatusSchema.extend({
  /** The provider's API address (AI_BASE_URL), null for OpenAI's own API or offline. */
  baseUrl: z.string().nullable(),
  /** AI_MODEL, null when offline. */
  model: z.string().nullable(),
  /** The environment variables an administrator sets to choose a provider. */
  settings: z.array(z.string()),
});
export type AiProviderStatus = z.infer<typeof aiProviderStatusSchema>;
