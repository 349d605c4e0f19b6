import type { Campaign } from '@contract/campaigns';
import { describe, expect, it } from 'vitest';
import { finishText, progressCounts } from './campaign-progress-text';

const running = (fields: Partial<Campaign>) => ({
  status: 'running' as const,
  cadence: null,
  estimatedFinishAt: null,
  emailsAfterToday: 0,
  laterSendingStartsAt: null,
  ...fields,
});
// Monday 14:30 in Chicago.
const now = new Date('2026-11-23T20:30:00Z');

describe('the progress card’s finish line', () => {
  it('says how long is left and when it finishes, in the user’s time zone', () => {
    const text = finishText(running({ estimatedFinishAt: '2026-11-23T20:32:10Z' }), 'America/Chicago', now);
    expect(text).toBe('About 2 minutes left · finishes around 14:32');
  });

  it('says how many wait for tomorrow and from when', () => {
    const campaign = running({
      estimatedFinishAt: '2026-11-24T15:20:00Z',
      emailsAfterToday: 12,
      laterSendingStartsAt: '2026-11-24T15:00:00Z',
    });
    expect(finishText(campaign, 'America/Chicago', now)).toBe(
      '12 go out tomorrow from 09:00; finishes around Tue 09:20',
    );
  });

  it('names the day when the rest wait past tomorrow', () => {
    const campaign = running({
      estimatedFinishAt: '2026-11-26T15:00:00Z',
      emailsAfterToday: 1,
      laterSendingStartsAt: '2026-11-26T15:00:00Z',
    });
    expect(finishText(campaign, 'America/Chicago', now)).toBe(
      '1 goes out on Thu from 09:00; finishes around Thu 09:00',
    );
  });

  it('says nothing without an estimate or once the campaign stopped', () => {
    expect(finishText(running({}), 'UTC', now)).toBeNull();
    expect(finishText(running({ status: 'paused', estimatedFinishAt: '2026-11-23T20:32:10Z' }), 'UTC', now)).toBeNull();
  });
});

describe('the progress card’s counts', () => {
  it('counts the leads whose domain takes no mail among what is done, never 0 of 0 while it marks them', () => {
    const counts = progressCounts({
      totalEmails: 0,
      emailsSent: 0,
      emailsFailed: 0,
      emailsUnknown: 0,
      emailsSkipped: 4,
      emailsNoMailServer: 3,
    });
    expect(counts).toEqual({ done: 3, total: 3, percent: 100, otherSkipped: 1 });
  });
});
