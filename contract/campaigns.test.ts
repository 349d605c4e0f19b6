import { describe, expect, it } from 'vitest';
import { type Campaign, isSequenceBetweenSteps } from './campaigns';

const campaign = (changes: Partial<Campaign>): Campaign => ({
  id: 1,
  status: 'running',
  totalEmails: 10,
  emailsSent: 10,
  emailsFailed: 0,
  emailsSkipped: 0,
  emailsUnknown: 0,
  emailsPending: 0,
  emailsSending: 0,
  errorMessage: null,
  waitingReason: null,
  accountIds: [1],
  trackingEnabled: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  cadence: 'weekly',
  brake: null,
  emailsNoMailServer: 0,
  estimatedFinishAt: null,
  emailsAfterToday: 0,
  laterSendingStartsAt: null,
  ...changes,
});

describe('isSequenceBetweenSteps', () => {
  it('is a running sequence with every mail so far settled', () => {
    expect(isSequenceBetweenSteps(campaign({}))).toBe(true);
    expect(isSequenceBetweenSteps(campaign({ emailsSent: 7, emailsFailed: 2, emailsUnknown: 1 }))).toBe(true);
  });

  it('is not a sequence still sending, a single mail, or one that stopped', () => {
    expect(isSequenceBetweenSteps(campaign({ emailsSent: 9 }))).toBe(false);
    expect(isSequenceBetweenSteps(campaign({ cadence: null }))).toBe(false);
    expect(isSequenceBetweenSteps(campaign({ status: 'paused' }))).toBe(false);
    expect(isSequenceBetweenSteps(campaign({ status: 'completed' }))).toBe(false);
  });
});
