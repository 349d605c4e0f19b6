import { z } from 'zod';

/** docs/product.md §9: emails per week options 2 to 5 (default 3); tones professional, friendly, casual (default professional). */
export const EMAILS_PER_WEEK_OPTIONS = [2, 3, 4, 5] as const;
export const DEFAULT_EMAILS_PER_WEEK = 3;
export const STRATEGY_TONES = ['professional', 'friendly', 'casual'] as const;
export const DEFAULT_STRATEGY_TONE = 'professional';
/** The longest "Additional Notes or Adjustments" kept: they go into every AI prompt. */
export const MAX_CUSTOM_ADJUSTMENTS = 2_000;

const EMAILS_PER_WEEK_MESSAGE = 'Emails per week must be a whole number from 2 to 5';

export const emailsPerWeekSchema = z
  .number({ error: EMAILS_PER_WEEK_MESSAGE })
  .int({ error: EMAILS_PER_WEEK_MESSAGE })
  .min(2, { error: EMAILS_PER_WEEK_MESSAGE })
  .max(5, { error: EMAILS_PER_WEEK_MESSAGE });

export const strategyToneSchema = z.enum(STRATEGY_TONES, {
  error: 'Email tone must be professional, friendly or casual',
});
export type StrategyTone = z.infer<typeof strategyToneSchema>;

/**
 * `generating` while the writer works (GET answers it so a second tab waits instead of generating again),
 * `generated` until the user saves it, then `approved` or `adjusted` (docs/product.md §3).
 */
export const strategyStatusSchema = z.enum(['generating', 'generated', 'approved', 'adjusted']);
export type StrategyStatus = z.infer<typeof strategyStatusSchema>;

/** GET, POST and PUT /api/marketing-strategy: the user's marketing strategy (docs/product.md §3). */
export const marketingStrategySchema = z.object({
  recommendedEmailsPerWeek: z.number().int(),
  recommendedTargetAudience: z.string(),
  recommendedTone: strategyToneSchema,
  recommendedFollowupStrategy: z.string(),
  customAdjustments: z.string().nullable(),
  status: strategyStatusSchema,
  /** Beyond the product rules: who wrote it, the configured AI provider or the built-in offline writer (null while generating). */
  writer: z.enum(['ai', 'offline']).nullable(),
  updatedAt: z.string(),
});
export type MarketingStrategy = z.infer<typeof marketingStrategySchema>;

/** What a writer answers: the recommended part of a strategy. */
export const strategyRecommendationSchema = z.object({
  recommendedEmailsPerWeek: emailsPerWeekSchema,
  recommendedTargetAudience: z.string().trim().min(1).max(1_000),
  recommendedTone: strategyToneSchema,
  recommendedFollowupStrategy: z.string().trim().min(1).max(1_000),
});
export type StrategyRecommendation = z.infer<typeof strategyRecommendationSchema>;

/** POST /api/marketing-strategy: the product rules send no body; `regenerate` (beyond the product rules) replaces an existing one on request. */
export const generateStrategyRequestSchema = z.object({ regenerate: z.boolean().optional() }).nullish();
export type GenerateStrategyRequest = z.input<typeof generateStrategyRequestSchema>;

/** PUT /api/marketing-strategy (docs/product.md §7): the user's choices, saved as approved or adjusted. */
export const saveStrategyRequestSchema = z.object({
  status: z.enum(['approved', 'adjusted'], { error: 'Status must be approved or adjusted' }),
  customAdjustments: z
    .string()
    .trim()
    .max(MAX_CUSTOM_ADJUSTMENTS, { error: `Notes must be at most ${MAX_CUSTOM_ADJUSTMENTS} characters` })
    .nullish()
    .transform((value) => value || null),
  recommendedEmailsPerWeek: emailsPerWeekSchema,
  recommendedTone: strategyToneSchema,
});
export type SaveStrategyRequest = z.input<typeof saveStrategyRequestSchema>;
export type SaveStrategyInput = z.output<typeof saveStrategyRequestSchema>;
