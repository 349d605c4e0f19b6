import { describe, expect, it } from 'vitest';
import { DEFAULT_SENDING_WINDOW } from '../../../../contract/sending-window';
import { type EstimateMailbox, estimateFinish, type FinishEstimateInput } from './finish-estimate';

/** A warm mailbox at 30 mails a minute: 2.5 s between mails on average. */
const mailbox = (fields: Partial<EstimateMailbox> = {}): EstimateMailbox => ({
  dailyLimit: 300,
  warmupEnabled: false,
  warmupStartDate: null,
  warmupDailyStep: 10,
  sentToday: 0,
  nextSendAt: null,
  sendsPerMinute: 30,
  ...fields,
});

const input = (fields: Partial<FinishEstimateInput>): FinishEstimateInput => ({
  now: new Date('2026-11-23T10:00:00Z'),
  timeZone: 'UTC',
  anyTime: 0,
  inWindow: 0,
  window: DEFAULT_SENDING_WINDOW,
  mailboxes: [mailbox()],
  ...fields,
});

const iso = (estimate: ReturnType<typeof estimateFinish>) =>
  estimate && {
    finishAt: estimate.finishAt.toISOString(),
    afterToday: estimate.afterToday,
    laterStartsAt: estimate.laterStartsAt?.toISOString() ?? null,
  };

describe('when a campaign should finish', () => {
  it('all today: the mails left at the mailbox’s average pace', () => {
    // 50 mails, the first now and 49 gaps of 2.5 s after it.
    expect(iso(estimateFinish(input({ anyTime: 50 })))).toEqual({
      finishAt: '2026-11-23T10:02:02.500Z',
      afterToday: 0,
      laterStartsAt: null,
    });
  });

  it('starts at the mailbox’s next pace slot when it is later than now', () => {
    const estimate = estimateFinish(
      input({ anyTime: 2, mailboxes: [mailbox({ nextSendAt: new Date('2026-11-23T10:01:00Z') })] }),
    );
    expect(estimate?.finishAt.toISOString()).toBe('2026-11-23T10:01:02.500Z');
  });

  it('spreads the mails over the campaign’s mailboxes, each at its own pace', () => {
    const estimate = estimateFinish(input({ anyTime: 50, mailboxes: [mailbox(), mailbox()] }));
    expect(estimate?.finishAt.toISOString()).toBe('2026-11-23T10:01:00.000Z');
  });

  it('crosses the daily limit: the rest go from the user’s midnight, a first step at any hour', () => {
    const estimate = estimateFinish(
      input({
        now: new Date('2026-11-23T20:00:00Z'),
        timeZone: 'America/Chicago',
        anyTime: 22,
        mailboxes: [mailbox({ sentToday: 290 })],
      }),
    );
    expect(iso(estimate)).toEqual({
      // Midnight in Chicago is 06:00 UTC; 12 mails are 11 gaps of 2.5 s.
      finishAt: '2026-11-24T06:00:27.500Z',
      afterToday: 12,
      laterStartsAt: '2026-11-24T06:00:00.000Z',
    });
  });

  it('crosses the sending window’s end: a later step’s mails wait for its next opening, past the weekend', () => {
    // Friday 16:59:30: 12 slots before 17:00, the other 8 on Monday from 09:00.
    const estimate = estimateFinish(input({ now: new Date('2026-11-27T16:59:30Z'), inWindow: 20 }));
    expect(iso(estimate)).toEqual({
      finishAt: '2026-11-30T09:00:17.500Z',
      afterToday: 8,
      laterStartsAt: '2026-11-30T09:00:00.000Z',
    });
  });

  it('holds a later step’s mails until the window opens today', () => {
    const estimate = estimateFinish(input({ now: new Date('2026-11-23T07:30:00Z'), inWindow: 3 }));
    expect(iso(estimate)).toEqual({ finishAt: '2026-11-23T09:00:05.000Z', afterToday: 0, laterStartsAt: null });
  });

  it('crosses the daily limit inside the window: tomorrow from the window’s start', () => {
    const estimate = estimateFinish(
      input({ now: new Date('2026-11-23T14:00:00Z'), inWindow: 12, mailboxes: [mailbox({ dailyLimit: 10 })] }),
    );
    expect(iso(estimate)).toEqual({
      finishAt: '2026-11-24T09:00:02.500Z',
      afterToday: 2,
      laterStartsAt: '2026-11-24T09:00:00.000Z',
    });
  });

  it('follows the warm-up ramp: 20 on the first day, then 10 more each day', () => {
    const estimate = estimateFinish(
      input({
        anyTime: 100,
        mailboxes: [mailbox({ warmupEnabled: true, warmupStartDate: '2026-11-23', warmupDailyStep: 10 })],
      }),
    );
    // 20 today, 30 on Tuesday, 40 on Wednesday, the last 10 on Thursday from midnight.
    expect(iso(estimate)).toEqual({
      finishAt: '2026-11-26T00:00:22.500Z',
      afterToday: 80,
      laterStartsAt: '2026-11-24T00:00:00.000Z',
    });
  });

  it('finishes no earlier than a mail waiting to be tried again', () => {
    const estimate = estimateFinish(input({ anyTime: 1, notBefore: new Date('2026-11-23T11:00:00Z') }));
    expect(estimate?.finishAt.toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });

  it('has no estimate with nothing to send or no mailbox to send it', () => {
    expect(estimateFinish(input({ anyTime: 0 }))).toBeNull();
    expect(estimateFinish(input({ anyTime: 5, mailboxes: [] }))).toBeNull();
    expect(estimateFinish(input({ anyTime: 5, mailboxes: [mailbox({ dailyLimit: 0 })] }))).toBeNull();
  });
});
