import { z } from 'zod';

/** GET /api/admin/ai-provider: what drafts "Generate with AI" is set up to use (administrators only). */
export const aiProviderStatusSchema = z.object({
  /** "ai": an OpenAI-compatible provider; "offline": the built-in writer, as no provider is configured. */
  source: z.enum(['ai', 'offline']),
  /** The provider's API address (AI_BASE_URL), null for OpenAI's own API or offline. */
  baseUrl: z.string().nullable(),
  /** AI_MODEL, null when offline. */
  model: z.string().nullable(),
  /** The environment variables an administrator sets to choose a provider. */
  settings: z.array(z.string()),
});
export type AiProviderStatus = z.infer<typeof aiProviderStatusSchema>;
