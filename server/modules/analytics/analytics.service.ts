import { and, eq, gte, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  type AnalyticsRange,
  type BestSendingTimes,
  type CampaignResults,
  type DailyFigures,
  rangeStart,
  type SendingSlot,
} from '../../../contract/analytics';
import { ratePercent } from '../../../contract/display';
import type { Database } from '../../db/client';
import { campaignRecipients, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { humanEvent, outcomeAt, outcomeSince } from './campaign-mail-sql';
import { campaignResultsSince } from './campaign-results';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

const LOCAL_DATE_FORMAT = 'yyyy-MM-dd';

/** The slot answered most often (more sends first on a tie); none while nothing was answered. */
function bestSlot(slots: SendingSlot[]): SendingSlot | null {
  const answered = slots.filter((slot) => slot.replied > 0);
  answered.sort((a, b) => b.replyRate - a.replyRate || b.sent - a.sent);
  return answered[0] ?? null;
}

/**
 * The analytics series beyond the dashboard's figures, read from the campaign rows in the user's timezone. A mail
 * counts on the day (or weekday, hour) it got its outcome, with what happened to it later: the same mails as the
 * figures for the range, so the chart adds up to the cards. Machine opens and clicks are never counted.
 */
export function createAnalyticsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  const campaignMailsOf = (user: UserRow) =>
    and(eq(campaignRecipients.userId, user.id), eq(campaignRecipients.kind, 'campaign'));

  /** Delivered mails and replies by a part of their local sending time ('isodow' or 'hour'). */
  async function slotsBy(user: UserRow, start: Date, part: 'isodow' | 'hour'): Promise<SendingSlot[]> {
    const slot = sql<number>`extract(${sql.raw(part)} FROM ${campaignRecipients.sentAt} AT TIME ZONE ${user.timezone})::int`;
    const rows = await db
      .select({
        slot,
        sent: sql<number>`count(*)::int`,
        replied: sql<number>`count(${campaignRecipients.repliedAt})::int`,
      })
      .from(campaignRecipients)
      .where(and(campaignMailsOf(user), eq(campaignRecipients.state, 'sent'), gte(campaignRecipients.sentAt, start)))
      // By position: the timezone is a parameter, so the expression written twice would not match.
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows.map((row) => ({ ...row, replyRate: ratePercent(row.replied, row.sent) }));
  }

  return {
    /** Per local day of the range, oldest first; a day without mail is there with zeros. */
    async daily(user: UserRow, range: AnalyticsRange): Promise<DailyFigures[]> {
      const now = clock.now();
      const start = rangeStart(range, now, user.timezone);
      const delivered = sql`${campaignRecipients.state} = 'sent'`;
      const rows = await db
        .select({
          date: sql<string>`to_char(${outcomeAt} AT TIME ZONE ${user.timezone}, 'YYYY-MM-DD')`,
          sent: sql<number>`count(*)::int`,
          delivered: sql<number>`count(*) FILTER (WHERE ${delivered})::int`,
          opened: sql<number>`count(*) FILTER (WHERE ${delivered} AND ${humanEvent(['open', 'click'])})::int`,
          clicked: sql<number>`count(*) FILTER (WHERE ${delivered} AND ${humanEvent(['click'])})::int`,
          replied: sql<number>`count(${campaignRecipients.repliedAt})::int`,
        })
        .from(campaignRecipients)
        .where(
          and(
            campaignMailsOf(user),
            sql`${campaignRecipients.state} IN ('sent', 'failed', 'unknown')`,
            outcomeSince(start),
          ),
        )
        .groupBy(sql`1`);
      const byDate = new Map(rows.map((row) => [row.date, row]));
      const today = DateTime.fromJSDate(now, { zone: user.timezone }).toFormat(LOCAL_DATE_FORMAT);
      const days: DailyFigures[] = [];
      for (let day = DateTime.fromJSDate(start, { zone: user.timezone }); ; day = day.plus({ days: 1 })) {
        const date = day.toFormat(LOCAL_DATE_FORMAT);
        days.push(byDate.get(date) ?? { date, sent: 0, delivered: 0, opened: 0, clicked: 0, replied: 0 });
        if (date >= today) return days;
      }
    },

    /** Reply rate of the delivered mails by the local weekday and hour they were sent, and the best of each. */
    async bestTimes(user: UserRow, range: AnalyticsRange): Promise<BestSendingTimes> {
      const start = rangeStart(range, clock.now(), user.timezone);
      const byWeekday = await slotsBy(user, start, 'isodow');
      const byHour = await slotsBy(user, start, 'hour');
      return { byWeekday, byHour, bestWeekday: bestSlot(byWeekday), bestHour: bestSlot(byHour) };
    },

    /** The range's newest campaigns with their replies and meetings booked, a sequence's per step too. */
    async campaigns(user: UserRow, range: AnalyticsRange): Promise<CampaignResults[]> {
      return campaignResultsSince(db, user, rangeStart(range, clock.now(), user.timezone));
    },
  };
}
