import { and, eq } from 'drizzle-orm';
import type { MarketingStrategy, SaveStrategyInput, StrategyRecommendation } from '../../../contract/strategy';
import type { StrategyWriter } from '../../adapters/ai/strategy-writer/strategy-writer';
import type { WritingStyle } from '../../adapters/ai/writer/email-writer';
import type { Database } from '../../db/client';
import { type MarketingStrategyRow, marketingStrategies, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

const NOT_FOUND = 'Marketing strategy not found';
const STILL_GENERATING = 'Your strategy is still being generated. Please wait a moment.';

/** A generation still `generating` after this long belongs to a process that stopped: it blocks nothing. */
export const STALE_GENERATING_MS = 5 * 60_000;

export type StrategyService = ReturnType<typeof createStrategyService>;

/**
 * The user's marketing strategy (docs/product.md §3), one row per user (decision 0021). Generating claims the row first, by an
 * insert-on-conflict or a compare-and-set on an existing one, so two tabs or a double click write one strategy;
 * the writer then runs inline (bounded by AI_TIMEOUT_MS) and its result is kept only while the claim still holds.
 */
export function createStrategyService(deps: {
  db: Database;
  clock: Clock;
  writer: StrategyWriter;
  /** How long a claim may last before another request may take it over; at least twice the AI timeout. */
  staleGeneratingMs: number;
}) {
  const { db, clock, writer } = deps;
  const ownRow = (user: UserRow) => eq(marketingStrategies.userId, user.id);
  const isStale = (row: MarketingStrategyRow) =>
    clock.now().getTime() - row.updatedAt.getTime() >= deps.staleGeneratingMs;
  /** A strategy was written into the row at least once (a regeneration keeps the previous one until it succeeds). */
  const hasContent = (row: MarketingStrategyRow) => row.writer !== null;

  async function readRow(user: UserRow): Promise<MarketingStrategyRow | undefined> {
    const [row] = await db.select().from(marketingStrategies).where(ownRow(user));
    return row;
  }

  /**
   * The row as the user sees it: a generation a stopped process left behind shows the previous strategy, or none;
   * a live one shows as `generating`, so the screen waits for it instead of generating again.
   */
  function visible(row: MarketingStrategyRow | undefined): MarketingStrategyRow | null {
    if (row?.status !== 'generating' || !isStale(row)) return row ?? null;
    return hasContent(row) ? { ...row, status: 'generated' } : null;
  }

  /** Takes the row for one generation; null when another request holds it, or it exists and no regeneration is asked. */
  async function claim(user: UserRow, regenerate: boolean) {
    const now = clock.now();
    const [inserted] = await db
      .insert(marketingStrategies)
      .values({ userId: user.id, status: 'generating', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { claimedAt: now, previous: null };
    const current = await readRow(user);
    if (!current) return null;
    const abandoned = current.status === 'generating' && isStale(current);
    if (!abandoned && (current.status === 'generating' || !regenerate)) return null;
    // Compare-and-set: only the request that saw this exact version takes it over.
    const [taken] = await db
      .update(marketingStrategies)
      .set({ status: 'generating', updatedAt: now, lastError: null })
      .where(
        and(
          ownRow(user),
          eq(marketingStrategies.status, current.status),
          eq(marketingStrategies.updatedAt, current.updatedAt),
        ),
      )
      .returning();
    if (!taken) return null;
    return {
      claimedAt: now,
      previous: hasContent(current) ? { status: abandoned ? ('generated' as const) : current.status } : null,
    };
  }

  /** Still ours: nobody saved, or took an abandoned claim over, since we claimed the row. */
  const stillClaimed = (user: UserRow, claimedAt: Date) =>
    and(ownRow(user), eq(marketingStrategies.status, 'generating'), eq(marketingStrategies.updatedAt, claimedAt));

  async function current(user: UserRow): Promise<MarketingStrategy> {
    const row = visible(await readRow(user));
    if (!row) throw AppError.notFound(NOT_FOUND);
    return toStrategy(row);
  }

  return {
    /** GET /api/marketing-strategy: 404 when none; `generating` while a generation runs. */
    get: current,

    /**
     * POST /api/marketing-strategy: writes the strategy from the profile when there is none (or `regenerate`), and
     * answers it; when one exists or is being written it answers that one, so repeated calls write one strategy.
     * A first generation that fails leaves none; a failed regeneration keeps the previous strategy.
     */
    async generate(user: UserRow, regenerate: boolean): Promise<MarketingStrategy> {
      const claimed = await claim(user, regenerate);
      if (!claimed) return current(user);
      let recommendation: StrategyRecommendation;
      try {
        recommendation = await writer.write(user);
      } catch (error) {
        const released = stillClaimed(user, claimed.claimedAt);
        if (claimed.previous) {
          await db
            .update(marketingStrategies)
            .set({ status: claimed.previous.status, lastError: (error as Error).message, updatedAt: clock.now() })
            .where(released);
        } else {
          await db.delete(marketingStrategies).where(released);
        }
        throw error;
      }
      await db
        .update(marketingStrategies)
        .set({ ...recommendation, status: 'generated', writer: writer.source, lastError: null, updatedAt: clock.now() })
        .where(stillClaimed(user, claimed.claimedAt));
      return current(user);
    },

    /** PUT /api/marketing-strategy: the user's choices, approved or adjusted; 404 when there is no strategy. */
    async save(user: UserRow, input: SaveStrategyInput): Promise<MarketingStrategy> {
      const row = visible(await readRow(user));
      if (!row) throw AppError.notFound(NOT_FOUND);
      if (!hasContent(row)) throw AppError.conflict(STILL_GENERATING);
      // A regeneration still running loses to the user's save (its claim no longer holds).
      const [saved] = await db
        .update(marketingStrategies)
        .set({
          status: input.status,
          customAdjustments: input.customAdjustments,
          recommendedEmailsPerWeek: input.recommendedEmailsPerWeek,
          recommendedTone: input.recommendedTone,
          updatedAt: clock.now(),
        })
        .where(ownRow(user))
        .returning();
      if (!saved) throw AppError.notFound(NOT_FOUND);
      return toStrategy(saved);
    },

    /** The tone and notes every AI draft and reply suggestion is written in: the strategy's, else professional. */
    async writingStyle(user: UserRow): Promise<WritingStyle> {
      const row = await readRow(user);
      if (!row || !hasContent(row)) return { tone: 'professional', notes: null };
      return { tone: row.recommendedTone, notes: row.customAdjustments };
    },
  };
}

function toStrategy(row: MarketingStrategyRow): MarketingStrategy {
  return {
    recommendedEmailsPerWeek: row.recommendedEmailsPerWeek,
    recommendedTargetAudience: row.recommendedTargetAudience,
    recommendedTone: row.recommendedTone,
    recommendedFollowupStrategy: row.recommendedFollowupStrategy,
    customAdjustments: row.customAdjustments,
    status: row.status,
    writer: row.writer,
    updatedAt: row.updatedAt.toISOString(),
  };
}
