import { bigint, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const STRATEGY_STATUSES = ['generating', 'generated', 'approved', 'adjusted'] as const;
export const STRATEGY_TONES = ['professional', 'friendly', 'casual'] as const;

/**
 * A user's marketing strategy (docs/product.md §3), one per user: the primary key is what makes two first visits (two tabs,
 * a double click) generate one. `generating` while the writer works; `generated` until the user saves it.
 */
export const marketingStrategies = pgTable('marketing_strategies', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: STRATEGY_STATUSES }).notNull().default('generating'),
  recommendedEmailsPerWeek: integer('recommended_emails_per_week').notNull().default(3),
  recommendedTargetAudience: text('recommended_target_audience').notNull().default(''),
  recommendedTone: text('recommended_tone', { enum: STRATEGY_TONES }).notNull().default('professional'),
  recommendedFollowupStrategy: text('recommended_followup_strategy').notNull().default(''),
  customAdjustments: text('custom_adjustments'),
  /** Who wrote it: the configured AI provider or the built-in offline writer. */
  writer: text('writer', { enum: ['ai', 'offline'] }),
  /** Why the last generation failed, shown until the next one. */
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's current stock tip (docs/product.md §3), one per user, replaced by each successful refresh. Prices are numeric so
 * they come back as the numeric strings docs/product.md names.
 */
export const stockTips = pgTable('stock_tips', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  currentPrice: numeric('current_price').notNull(),
  priceChange: numeric('price_change').notNull(),
  priceChangePercent: numeric('price_change_percent').notNull(),
  volume: bigint('volume', { mode: 'number' }),
  marketCap: bigint('market_cap', { mode: 'number' }),
  peRatio: numeric('pe_ratio'),
  recommendation: text('recommendation').notNull(),
  targetPrice: numeric('target_price'),
  aiAnalysis: text('ai_analysis').notNull(),
  /** The market-data provider that gave the quote ('sample' for the bundled offline quotes). */
  source: text('source').notNull(),
  /** The trading day the quote is of, as the provider gave it. */
  quoteDate: text('quote_date'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MarketingStrategyRow = typeof marketingStrategies.$inferSelect;
export type StockTipRow = typeof stockTips.$inferSelect;
