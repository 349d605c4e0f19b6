import { expect } from 'vitest';
import { INBOUND_MESSAGE_LIMIT_BYTES, type InboxReadResult } from '../adapters/mail/inbox';

/** The numbered reply the reader tests put in a mailbox (`subject` tells mailboxes' encodings apart). */
export function numberedReply(n: number, to: string, subject = `Re: Hello ${n}`): string {
  return [
    'From: Prospect <prospect@leads.test>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <reply-${n}@leads.test>`,
    '',
    `Reply number ${n}.`,
    '',
  ].join('\r\n');
}

/** What a read returned, as text. */
export const sourcesOf = (read: InboxReadResult) => read.messages.map((message) => message.source.toString());

/** The date readers are asked to start from: a day ago. */
export const aDayAgo = () => new Date(Date.now() - 24 * 3600_000);

/** A read of a large reply and then `next`: the large one cut at the limit and said to be, `next` whole. */
export function expectLargeCutThenWhole(read: InboxReadResult, large: string, next: string) {
  expect(read.messages.map((message) => message.source.length)).toEqual([
    INBOUND_MESSAGE_LIMIT_BYTES,
    Buffer.byteLength(next),
  ]);
  expect(read.messages[0].source.toString()).toBe(large.slice(0, INBOUND_MESSAGE_LIMIT_BYTES));
  expect(read.messages.map((message) => message.truncated)).toEqual([true, false]);
}
