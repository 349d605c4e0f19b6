import { TransportError } from '../../adapters/mail/transport';
import { plainMessageOf } from '../../lib/operator-detail';

/**
 * What a mail its mailbox did not take becomes, for every kind of mail (campaign, reply, test), decided here once:
 * - `unknown`: it may have gone (the connection broke after the whole message was handed over, or an error that is
 *   not the provider's answer). It keeps its place in the mailbox's day and is never sent again blindly.
 * - `failed`: the provider answered that it did not take it. Its place in the day is given back.
 * A campaign does more with a failed mail (retries, a pause, a bounced lead) by its TransportError kind.
 */
export type FailedSendOutcome = 'unknown' | 'failed';

export function outcomeOfFailedSend(error: unknown): FailedSendOutcome {
  return error instanceof TransportError && error.kind !== 'uncertain' ? 'failed' : 'unknown';
}

/**
 * The error as a mail's row keeps it (`last_error`, shown in the lead's history): a mail error's plain words; an
 * unexpected error's own text is a library's (a code, a stack), never shown (docs/product.md §8).
 */
export const lastErrorOf = (error: unknown): string =>
  plainMessageOf(
    error,
    "Something unexpected happened while sending: it may or may not have gone. Check the mailbox's Sent folder before sending again.",
  );
