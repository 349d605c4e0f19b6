import { describe, expect, it } from 'vitest';
import { AiError } from '../adapters/ai/ai-error';
import { CredentialsUnreadableError, TransportError } from '../adapters/mail/transport';
import { AppError } from '../lib/app-error';
import { DailyLimitError } from '../modules/sending/send-allowance';
import { jobFailureFor } from './job-failure';

describe('what a job does about an error', () => {
  it('retries what may pass by itself', () => {
    expect(jobFailureFor(new TransportError('temporary', 'Could not reach the SMTP server'))).toEqual({
      action: 'retry',
    });
    expect(jobFailureFor(new AiError('timeout', 'slow'))).toEqual({ action: 'retry' });
    expect(jobFailureFor(new Error('connection terminated'))).toEqual({ action: 'retry' });
    expect(jobFailureFor(new AppError('internal', 'oops', 500))).toEqual({ action: 'retry' });
  });

  it('waits as long as it was asked to', () => {
    expect(jobFailureFor(new TransportError('rate_limited', 'slow down', 120))).toEqual({
      action: 'retry_after',
      seconds: 120,
    });
    const now = new Date('2026-03-07T22:30:00Z');
    const limit = new DailyLimitError({ id: 1, email: 'a@b.co', dailyLimit: 1 }, new Date('2026-03-07T23:00:00Z'), now);
    expect(jobFailureFor(limit)).toEqual({ action: 'retry_after', seconds: 1800 });
  });

  it('gives up on what waiting cannot fix', () => {
    for (const error of [
      new TransportError('auth', 'SMTP login failed'),
      new TransportError('permanent', '550 no such user'),
      new CredentialsUnreadableError(),
      new AiError('refused', 'bad key'),
      AppError.notFound('Template not found'),
    ]) {
      expect(jobFailureFor(error)).toEqual({ action: 'give_up', reason: error.message });
    }
  });
});
