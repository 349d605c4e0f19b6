import { WEBHOOK_EVENT_TYPES } from '@contract/webhook-events';
import { describe, expect, it } from 'vitest';
import { deliveryLogRefetchMs, deliveryStatusWords, durationInWords, eventsInBrief } from './webhook-log';

describe('deliveryStatusWords', () => {
  it('names each state, a retry with the attempt to come', () => {
    expect(deliveryStatusWords({ status: 'pending', attempts: 0 })).toBe('Waiting');
    expect(deliveryStatusWords({ status: 'delivered', attempts: 1 })).toBe('Delivered');
    expect(deliveryStatusWords({ status: 'retrying', attempts: 2 })).toBe('Retrying (attempt 3)');
    expect(deliveryStatusWords({ status: 'failed', attempts: 12 })).toBe('Failed');
  });
});

describe('deliveryLogRefetchMs', () => {
  it('reads the log again soon while a delivery waits, slower while one retries, never once all are settled', () => {
    expect(deliveryLogRefetchMs([{ status: 'delivered' }, { status: 'pending' }, { status: 'retrying' }])).toBe(2_000);
    expect(deliveryLogRefetchMs([{ status: 'failed' }, { status: 'retrying' }])).toBe(10_000);
    expect(deliveryLogRefetchMs([{ status: 'delivered' }, { status: 'failed' }])).toBe(false);
    expect(deliveryLogRefetchMs([])).toBe(false);
    expect(deliveryLogRefetchMs(undefined)).toBe(false);
  });
});

describe('eventsInBrief', () => {
  it('says all events when every one is chosen', () => {
    expect(eventsInBrief([...WEBHOOK_EVENT_TYPES].reverse())).toBe('All events');
  });

  it('lists a few events and counts the rest', () => {
    expect(eventsInBrief(['lead.created', 'email.replied'])).toBe('lead.created, email.replied');
    expect(eventsInBrief(['lead.created', 'lead.updated', 'email.sent', 'email.replied', 'meeting.booked'])).toBe(
      'lead.created, lead.updated, email.sent and 2 more',
    );
  });
});

describe('durationInWords', () => {
  it('shows milliseconds under a second and seconds above', () => {
    expect(durationInWords(84)).toBe('84 ms');
    expect(durationInWords(1234)).toBe('1.2 s');
    expect(durationInWords(null)).toBeNull();
  });
});
