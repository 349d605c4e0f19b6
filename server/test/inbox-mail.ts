import type { InboxReadResult } from '../adapters/mail/inbox';

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
