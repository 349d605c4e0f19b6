import { DateTime } from 'luxon';
import { z } from 'zod';

/** docs/product.md §9: the analytics time ranges; the page starts on the first. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y'] as const;
export const analyticsRangeSchema = z.enum(ANALYTICS_RANGES);
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '7d';

/** docs/product.md §2 names 7d and 1y; 30d and 90d read the same way. */
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/**
 * Where a range begins: the start of the user's local day N - 1 days before today, so "Last 7 days" holds 7 local
 * days, today (so far) the last of them, whatever the hour (and across daylight-saving changes, which luxon's
 * calendar days follow).
 */
export function rangeStart(range: AnalyticsRange, now: Date, timeZone: string): Date {
  return DateTime.fromJSDate(now, { zone: timeZone })
    .startOf('day')
    .minus({ days: RANGE_DAYS[range] - 1 })
    .toJSDate();
}

/** `?range=` of the figures that may be narrowed; absent means all time (the dashboard's figures). */
export const optionalRangeQuerySchema = z.object({ range: analyticsRangeSchema.optional() });

/** `?range=` of the analytics series, which always cover a range. */
export const rangeQuerySchema = z.object({ range: analyticsRangeSchema.default(DEFAULT_ANALYTICS_RANGE) });

/** GET /api/analytics/daily: one item per local day of the range, oldest first, days without mail included. */
export const dailyFiguresSchema = z.object({
  /** The user's local date, yyyy-MM-dd. */
  date: z.string(),
  /** Campaign mails with an outcome that day (accepted, refused or unknown). */
  sent: z.number(),
  delivered: z.number(),
  /** Of that day's mails (mail-figures.ts): delivered ones opened and clicked by a person, and those answered, whenever that happened. */
  opened: z.number(),
  clicked: z.number(),
  replied: z.number(),
});
export type DailyFigures = z.infer<typeof dailyFiguresSchema>;

/** Mails sent in one local weekday or hour, the ones answered, and the response rate (mail-figures.ts). */
export const sendingSlotSchema = z.object({
  /** ISO weekday (1 = Monday … 7 = Sunday) or hour of the day (0 … 23), in the user's timezone. */
  slot: z.number(),
  sent: z.number(),
  replied: z.number(),
  /** Answered mails of the delivered ones, in percent, one decimal. */
  replyRate: z.number(),
});
export type SendingSlot = z.infer<typeof sendingSlotSchema>;

/** GET /api/analytics/best-times: reply rate by the local weekday and hour a mail was sent. */
export const bestSendingTimesSchema = z.object({
  /** Only the weekdays and hours with delivered mail, in order. */
  byWeekday: z.array(sendingSlotSchema),
  byHour: z.array(sendingSlotSchema),
  /** The slot with the highest reply rate (more sends first on a tie); null while nothing was answered. */
  bestWeekday: sendingSlotSchema.nullable(),
  bestHour: sendingSlotSchema.nullable(),
});
export type BestSendingTimes = z.infer<typeof bestSendingTimesSchema>;

/** Replies and meetings of one sequence step's mails sent in the range. */
export const stepResultsSchema = z.object({
  /** The step's position, 1 first. */
  step: z.number(),
  /** Null once the template is deleted. */
  templateName: z.string().nullable(),
  /** Mails sent in the range (contract/mail-figures.ts: accepted, refused or unknown). */
  sent: z.number(),
  /** Of those, the ones answered, whenever that happened. */
  replied: z.number(),
  /** The response rate of mail-figures.ts: answered mails of the delivered ones, in percent, one decimal. */
  replyRate: z.number(),
  /** Leads who booked a meeting from this step's mail (the one answered or clicked, else their latest). */
  meetingsBooked: z.number(),
});
export type StepResults = z.infer<typeof stepResultsSchema>;

/** GET /api/analytics/campaigns: the range's campaigns (the 20 newest with mail sent in it), newest first. */
export const campaignResultsSchema = stepResultsSchema.omit({ step: true }).extend({
  campaignId: z.number(),
  /** The campaign's own (first) template. */
  templateName: z.string().nullable(),
  createdAt: z.string(),
  /** A sequence's steps in order, all of them; empty for a single mail. */
  steps: z.array(stepResultsSchema),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

/** How many campaigns the replies and meetings table lists at most. */
export const CAMPAIGN_RESULTS_LIMIT = 20;

/** Below this many mails sent, a template's response rate says too little to rate it. */
export const MIN_SENT_TO_RATE = 20;

/**
 * docs/product.md §9: the template performance badge by response rate; beyond the product rules, a template with
 * fewer than MIN_SENT_TO_RATE mails sent is "Too early to tell" rather than judged on its first few sends.
 */
export function performanceBadge(
  responseRate: number,
  totalSent = Number.POSITIVE_INFINITY,
): { label: string; tone: 'green' | 'yellow' | 'red' | 'gray' } {
  if (totalSent < MIN_SENT_TO_RATE) return { label: 'Too early to tell', tone: 'gray' };
  if (responseRate >= 15) return { label: 'Excellent', tone: 'green' };
  if (responseRate >= 10) return { label: 'Good', tone: 'yellow' };
  return { label: 'Needs Improvement', tone: 'red' };
}

/** docs/product.md §9: the performance score bar, min(responseRate × 5, 100). */
export function performanceScore(responseRate: number): number {
  return Math.min(responseRate * 5, 100);
}
