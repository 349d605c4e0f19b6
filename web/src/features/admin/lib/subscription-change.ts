import { type AdminSubscriptionChange, PERIOD_END_PAST_MESSAGE } from '@contract/admin';
import type { SubscriptionStatus } from '@contract/auth';

export const SUBSCRIPTION_STATUSES: SubscriptionStatus[] = ['trial', 'active', 'cancelled', 'expired'];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trial: 'Trial',
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** What the end date means for each status, and what the server picks when none is given; null: it has none. */
export const END_DATE_FIELDS: Record<SubscriptionStatus, { label: string; hint: string } | null> = {
  trial: { label: 'Trial ends', hint: 'Empty: 14 days from now.' },
  active: { label: 'Paid until', hint: 'Empty: 30 days from now.' },
  cancelled: { label: 'Access until', hint: 'Empty: the end of the paid period, or until changed by hand.' },
  expired: null,
};

/**
 * The request for a status and an end day picked in a date field (YYYY-MM-DD, empty for the default): access
 * lasts through that day, so it ends at the day's last second in the admin's time zone. A status with no end
 * (expired) leaves the day out. A problem instead when the end is not in the future, as the server would refuse it.
 */
export function subscriptionChangeRequest(
  status: SubscriptionStatus,
  endDay: string,
  now: Date,
): { request: AdminSubscriptionChange } | { problem: string } {
  if (endDay === '' || END_DATE_FIELDS[status] === null) return { request: { status } };
  const [year, month, day] = endDay.split('-').map(Number);
  const periodEnd = new Date(year, month - 1, day, 23, 59, 59);
  if (Number.isNaN(periodEnd.getTime()) || periodEnd <= now) return { problem: PERIOD_END_PAST_MESSAGE };
  return { request: { status, periodEnd: periodEnd.toISOString() } };
}
