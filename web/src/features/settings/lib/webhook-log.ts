import { WEBHOOK_EVENT_TYPES } from '@contract/webhook-events';
import type { WebhookDelivery } from '@contract/webhooks';

/** A delivery's state in words: Waiting (not tried yet), Delivered, Retrying (attempt N: the one to come), Failed. */
export function deliveryStatusWords(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  switch (delivery.status) {
    case 'pending':
      return 'Waiting';
    case 'delivered':
      return 'Delivered';
    case 'retrying':
      return `Retrying (attempt ${delivery.attempts + 1})`;
    case 'failed':
      return 'Failed';
  }
}

/** How often the log is read again: soon while a delivery waits for its first try, less often while one retries. */
export function deliveryLogRefetchMs(
  deliveries: readonly Pick<WebhookDelivery, 'status'>[] | undefined,
): number | false {
  if (deliveries?.some((delivery) => delivery.status === 'pending')) return 2_000;
  // A retry waits from seconds to hours (the queue's backoff): a slower look still shows it when it comes.
  if (deliveries?.some((delivery) => delivery.status === 'retrying')) return 10_000;
  return false;
}

/** An endpoint's events in a line: "All events", or the first few and how many more. */
export function eventsInBrief(events: readonly string[], shown = 3): string {
  if (WEBHOOK_EVENT_TYPES.every((type) => events.includes(type))) return 'All events';
  if (events.length <= shown) return events.join(', ');
  return `${events.slice(0, shown).join(', ')} and ${events.length - shown} more`;
}

/** A duration in the log: "84 ms", "1.2 s". */
export function durationInWords(ms: number | null): string | null {
  if (ms === null) return null;
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
