import { describe, expect, it } from 'vitest';
import { TransportError, type TransportErrorKind } from '../../adapters/mail/transport';
import { outcomeOfFailedSend } from './send-outcome';

describe('the outcome of a mail its mailbox did not take', () => {
  it('is failed when the provider answered, whatever it said', () => {
    const answered: TransportErrorKind[] = ['auth', 'temporary', 'rate_limited', 'permanent', 'no_mailbox', 'blocked'];
    for (const kind of answered) expect(outcomeOfFailedSend(new TransportError(kind, 'refused'))).toBe('failed');
  });

  it('is unknown when it may have gone: a broken connection after the handover, or any other error', () => {
    expect(outcomeOfFailedSend(new TransportError('uncertain', 'connection reset'))).toBe('unknown');
    expect(outcomeOfFailedSend(new Error('Connection terminated unexpectedly'))).toBe('unknown');
    expect(outcomeOfFailedSend('a string')).toBe('unknown');
  });
});
