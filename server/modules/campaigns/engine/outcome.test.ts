import { describe, expect, it } from 'vitest';
import { TransportError } from '../../../adapters/mail/transport';
import { MAX_ATTEMPTS, nextStepOfFailedSend } from './outcome';

const now = new Date('2026-11-29T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('nextStepOfFailedSend', () => {
  it('looks in the Sent folder for a mail that may have left: an uncertain send or an error that is no answer', () => {
    expect(
      nextStepOfFailedSend(new TransportError('uncertain', 'connection closed after DATA'), { attempts: 1 }, now),
    ).toEqual({ kind: 'look_in_sent', lastError: 'connection closed after DATA' });
    // An error that is no mail answer is a library's (a code, a stack): the row keeps plain words.
    expect(nextStepOfFailedSend(new Error('socket hang up'), { attempts: 1 }, now)).toEqual({
      kind: 'look_in_sent',
      lastError:
        "Something unexpected happened while sending: it may or may not have gone. Check the mailbox's Sent folder before sending again.",
    });
  });

  it('pauses on a refused sign-in and on a blocked mailbox, quoting the provider', () => {
    expect(nextStepOfFailedSend(new TransportError('auth', '535 bad credentials'), { attempts: 1 }, now)).toEqual({
      kind: 'pause_mailbox',
      reason: '535 bad credentials',
    });
    const blocked = new TransportError('blocked', '554 5.7.1 long text', undefined, '554 5.7.1 blocked');
    expect(nextStepOfFailedSend(blocked, { attempts: 1 }, now)).toEqual({
      kind: 'blocked',
      answer: '554 5.7.1 blocked',
    });
  });

  it('bounces a mailbox that does not exist and fails other permanent refusals at once', () => {
    expect(
      nextStepOfFailedSend(new TransportError('no_mailbox', '550 5.1.1 no such user'), { attempts: 1 }, now),
    ).toEqual({ kind: 'bounced', lastError: '550 5.1.1 no such user' });
    expect(nextStepOfFailedSend(new TransportError('permanent', '552 too big'), { attempts: 1 }, now)).toEqual({
      kind: 'failed',
      lastError: '552 too big',
    });
  });

  it('retries what may pass after 1, 5, 15 and 30 minutes, or later when the server asks, then gives up', () => {
    const temporary = new TransportError('temporary', '451 try later');
    const waits = [1, 2, 3, 4].map((attempts) => nextStepOfFailedSend(temporary, { attempts }, now));
    expect(waits).toEqual(
      [60, 300, 900, 1800].map((seconds) => ({
        kind: 'retry',
        lastError: '451 try later',
        nextAttemptAt: later(seconds),
      })),
    );
    const slowDown = new TransportError('rate_limited', '429 slow down', 7200);
    expect(nextStepOfFailedSend(slowDown, { attempts: 1 }, now)).toMatchObject({ nextAttemptAt: later(7200) });
    expect(nextStepOfFailedSend(temporary, { attempts: MAX_ATTEMPTS }, now)).toEqual({
      kind: 'failed',
      lastError: `Gave up after ${MAX_ATTEMPTS} tries: 451 try later`,
    });
  });
});
