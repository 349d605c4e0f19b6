import { type SQL, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  type AnalyticsRange,
  type BestSendingTimes,
  type CampaignResults,
  type DailyFigures,
  rangeStart,
  type SendingSlot,
} from '../../../contract/analytics';
import { responseRateOf } from '../../../contract/mail-figures';
import type { Database } from '../../db/client';
import { mailRollups, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { campaignResultsSince } from './campaign-results';
import { mailCountSums, rangeStartDay, rollupsOf } from './mail-rollups';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

const LOCAL_DATE_FORMAT = 'yyyy-MM-dd';

/** The slot answered most often (more sends first on a tie); none while nothing was answered. */
function bestSlot(slots: SendingSlot[]): SendingSlot | null {
  const answered = slots.filter((slot) => slot.replied > 0);
  answered.sort((a, b) => b.replyRate - a.replyRate || b.sent - a.sent);
  return answered[0] ?? null;
}

/**
 * The analytics series beyond the dashboard's figures, read from the rollups (mail-rollups.ts) in the user's
 * timezone. A mail counts on the day (or weekday, hour) it got its outcome, with what happened to it later: the same
 * mails as the figures for the range, so the chart adds up to the cards. Machine opens and clicks are never counted.
 */
export function createAnalyticsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** Mails sent and answered by a part of their local sending time, with the response rate (mail-figures.ts). */
  async function slotsBy(user: UserRow, fromDay: string, slot: SQL<number>): Promise<SendingSlot[]> {
    const rows = await db
      .select({ slot, sent: mailCountSums.sent, delivered: mailCountSums.delivered, replied: mailCountSums.responded })
      .from(mailRollups)
      .where(rollupsOf(user, fromDay))
      .groupBy(slot)
      .having(sql`sum(${mailRollups.mails}) > 0`)
      .orderBy(slot);
    return rows.map(({ delivered, ...row }) => ({
      ...row,
      replyRate: responseRateOf({ responded: row.replied, delivered }),
    }));
  }

  return {
    /** Per local day of the range, oldest first; a day without mail is there with zeros. */
    async daily(user: UserRow, range: AnalyticsRange): Promise<DailyFigures[]> {
      const now = clock.now();
      const fromDay = rangeStartDay(user, range, now);
      const rows = await db
        .select({
          day: mailRollups.day,
          sent: mailCountSums.sent,
          delivered: mailCountSums.delivered,
          opened: mailCountSums.opened,
          clicked: mailCountSums.clicked,
          replied: mailCountSums.responded,
        })
        .from(mailRollups)
        .where(rollupsOf(user, fromDay))
        .groupBy(mailRollups.day);
      const byDate = new Map(rows.map(({ day, ...figures }) => [day, { date: day, ...figures }]));
      const today = DateTime.fromJSDate(now, { zone: user.timezone }).toFormat(LOCAL_DATE_FORMAT);
      const days: DailyFigures[] = [];
      for (let day = DateTime.fromISO(fromDay, { zone: user.timezone }); ; day = day.plus({ days: 1 })) {
        const date = day.toFormat(LOCAL_DATE_FORMAT);
        days.push(byDate.get(date) ?? { date, sent: 0, delivered: 0, opened: 0, clicked: 0, replied: 0 });
        if (date >= today) return days;
      }
    },

    /** The response rate by the local weekday and hour mails were sent, and the best of each. */
    async bestTimes(user: UserRow, range: AnalyticsRange): Promise<BestSendingTimes> {
      const fromDay = rangeStartDay(user, range, clock.now());
      const byWeekday = await slotsBy(user, fromDay, sql<number>`extract(isodow FROM ${mailRollups.day})::int`);
      const byHour = await slotsBy(user, fromDay, sql<number>`${mailRollups.hour}`);
      return { byWeekday, byHour, bestWeekday: bestSlot(byWeekday), bestHour: bestSlot(byHour) };
    },

    /** The range's newest campaigns with their replies and meetings booked, a sequence's per step too. */
    async campaigns(user: UserRow, range: AnalyticsRange): Promise<CampaignResults[]> {
      return campaignResultsSince(db, user, rangeStart(range, clock.now(), user.timezone));
    },
  };
}
