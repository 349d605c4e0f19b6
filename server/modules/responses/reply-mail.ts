import { DateTime } from 'luxon';
import { escapeHtml } from '../../../contract/template-render';
import type { OutgoingMail } from '../../adapters/mail/transport';
import type { EmailAccountRow, InboundMessageRow } from '../../db/schema';
import { replySubject } from '../shared/reply-subject';
import { textToHtml } from '../templates/sanitize-email-html';

/** The most Message-IDs a reply's References carries: the thread's first and the newest (RFC 5322 §3.6.4). */
const MAX_REFERENCES = 20;

const MESSAGE_ID = /^<[^<>\s]+>$/;

/**
 * In-Reply-To the prospect's message, and References: its own thread then its Message-ID, so every mail client
 * files our answer in the same conversation. The stored thread ids hold In-Reply-To first, then References, so
 * the first goes last to keep the thread's order. Ids that are not Message-IDs (a digest stands in for a missing
 * one) are left out.
 */
export function threadHeaders(prospect: Pick<InboundMessageRow, 'messageId' | 'threadIds'>): Record<string, string> {
  const [inReplyTo, ...references] = prospect.threadIds;
  const chain = [...new Set([...references, inReplyTo, prospect.messageId])].filter(
    (id): id is string => id !== undefined && MESSAGE_ID.test(id),
  );
  const bounded = chain.length > MAX_REFERENCES ? [chain[0], ...chain.slice(1 - MAX_REFERENCES)] : chain;
  return {
    ...(MESSAGE_ID.test(prospect.messageId) && { 'In-Reply-To': prospect.messageId }),
    ...(bounded.length > 0 && { References: bounded.join(' ') }),
  };
}

/** Our answer as it leaves: the user's text above the prospect's words, quoted as a mail client quotes them. */
export function composeReplyMail(input: {
  /** Its Message-ID (`MessageIds.reply`), derived from its row. */
  messageId: string;
  account: Pick<EmailAccountRow, 'email' | 'displayName'>;
  prospect: InboundMessageRow;
  /** What the prospect wrote, quoted history stripped. */
  prospectText: string;
  body: string;
  timeZone: string;
}): OutgoingMail {
  const { account, prospect, prospectText, body, timeZone } = input;
  const received = DateTime.fromJSDate(prospect.receivedAt, { zone: timeZone }).toFormat(
    "ccc, LLL d, yyyy 'at' h:mm a",
  );
  const attribution = `On ${received}, ${prospect.fromAddress} wrote:`;
  const text = body.trim();
  return {
    from: { name: account.displayName, address: account.email },
    to: prospect.fromAddress,
    subject: replySubject(prospect.subject),
    text: `${text}\n\n${attribution}\n${prospectText.replace(/^/gm, '> ')}`,
    html: `${textToHtml(escapeHtml(text))}<p>${escapeHtml(attribution)}</p><blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${textToHtml(escapeHtml(prospectText))}</blockquote>`,
    messageId: input.messageId,
    headers: threadHeaders(prospect),
  };
}
