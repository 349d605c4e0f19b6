import type { AccountStatus, AccountWarmup, Provider } from '@contract/accounts';

/** docs/product.md §2: the status as words, underscores shown as spaces ("rate limited"). */
export function statusLabel(status: AccountStatus | string): string {
  return status.replaceAll('_', ' ');
}

export type StatusTone = 'green' | 'yellow' | 'red' | 'grey';

/** docs/product.md §4: active green, rate_limited yellow, error red, anything else grey. */
export function statusTone(status: AccountStatus | string): StatusTone {
  if (status === 'active') return 'green';
  if (status === 'rate_limited') return 'yellow';
  if (status === 'error') return 'red';
  return 'grey';
}

/** docs/product.md §4: active shows a check; rate_limited and error an alert; other statuses no icon. */
export function statusIcon(status: AccountStatus | string): 'check' | 'alert' | null {
  if (status === 'active') return 'check';
  if (status === 'rate_limited' || status === 'error') return 'alert';
  return null;
}

const providerLabels: Record<Provider, string> = {
  outlook: 'Outlook / Microsoft 365',
  gmail: 'Google',
  smtp: 'SMTP / IMAP',
};

export function providerLabel(provider: Provider | string): string {
  return providerLabels[provider as Provider] ?? provider;
}

/** docs/product.md §2 and §9: "{sentToday or 0}/{limit} today", of today's limit after warm-up. */
export function sentTodayLabel(sentToday: number | null | undefined, dailyLimit: number): string {
  return `${sentToday ?? 0}/${dailyLimit} today`;
}

/** How much of the day's limit is used, 0 to 100. */
export function dailyUsagePercent(sentToday: number | null | undefined, dailyLimit: number): number {
  if (dailyLimit <= 0) return 100;
  return Math.min(100, Math.round(((sentToday ?? 0) / dailyLimit) * 100));
}

/**
 * Why a new mailbox may send fewer than its daily limit today ("Warm-up day 4: 35 a day, rising to your daily
 * limit of 300 by day 57"); null when it is warm (marked so, or the ramp has reached the daily limit). Today's
 * figure itself is the card's "sent/limit today", of the limit after warm-up: one figure, this is its reason.
 */
export function warmupLabel(warmup: AccountWarmup, dailyLimit: number): string | null {
  if (!warmup.enabled || warmup.day === null || warmup.limitToday >= dailyLimit) return null;
  const count = (value: number) => value.toLocaleString('en-US');
  return `Warm-up day ${warmup.day}: ${count(warmup.limitToday)} a day, rising to your daily limit of ${count(dailyLimit)} by day ${warmup.fullFromDay}`;
}
