import {
  DEFAULT_EMAILS_PER_WEEK,
  DEFAULT_STRATEGY_TONE,
  EMAILS_PER_WEEK_OPTIONS,
  type MarketingStrategy,
  type SaveStrategyRequest,
  STRATEGY_TONES,
  type StrategyTone,
} from '@contract/strategy';

/** The strategy form as its inputs hold it. */
export type StrategyForm = { emailsPerWeek: string; tone: StrategyTone; adjustments: string };

/** docs/product.md §4: seeded from the loaded strategy; emails per week default 3, tone default professional, notes empty. */
export function seedStrategyForm(strategy: MarketingStrategy | undefined): StrategyForm {
  const perWeek = strategy?.recommendedEmailsPerWeek;
  const tone = strategy?.recommendedTone;
  return {
    emailsPerWeek: String(
      perWeek !== undefined && (EMAILS_PER_WEEK_OPTIONS as readonly number[]).includes(perWeek)
        ? perWeek
        : DEFAULT_EMAILS_PER_WEEK,
    ),
    tone: tone && STRATEGY_TONES.includes(tone) ? tone : DEFAULT_STRATEGY_TONE,
    adjustments: strategy?.customAdjustments ?? '',
  };
}

/** The PUT body for "Approve & Continue" (approved) or "Save with Adjustments" (adjusted). */
export function saveRequest(form: StrategyForm, status: SaveStrategyRequest['status']): SaveStrategyRequest {
  return {
    status,
    customAdjustments: form.adjustments,
    recommendedEmailsPerWeek: Number(form.emailsPerWeek),
    recommendedTone: form.tone,
  };
}
