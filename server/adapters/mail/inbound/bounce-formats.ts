// Rules for failure reports that are not RFC 3464 reports: each server family's own plain-text wording, and
// Amazon SES's JSON notifications. Written from real messages of each family.
import { findStatusCode, looksLikeEmailAddress, normaliseAddress } from './delivery-report';
import { boundedLines } from './text-limits';

export interface FoundRecipient {
  address: string;
  status: string | null;
  diagnostic: string | null;
}

/** Sentences that only failure reports say, per server family. */
const FORMAT_FAMILIES: { family: string; markers: RegExp[] }[] = [
  {
    family: 'qmail',
    markers: [
      /This is the qmail-send program/i,
      /I'm afraid I wasn't able to deliver your message/i,
      /unable to deliver your message to the following address/i,
    ],
  },
  {
    family: 'exim',
    markers: [
      /This message was created automatically by mail delivery software/i,
      /A message that you sent could not be delivered/i,
      /could not be delivered to one or more of its recipients/i,
      /The following address(?:\(es\)|es)? failed/i,
      /recipient addresses that were\s+incorrectly constructed/i,
      /Failed addresses follow/i,
    ],
  },
  {
    family: 'postfix',
    markers: [/This is the mail system at host/i, /I'm sorry to have to inform you that your message could not/i],
  },
  {
    family: 'sendmail',
    markers: [
      // Three dashes, not `-{3,}`: from every dash of a long run, `-{3,}` ran to its end again (quadratic).
      /--- ?The following addresses had (?:permanent fatal errors|transient non-fatal errors|delivery)/i,
      /Transcript of session follows/i,
      /\.\.\. (?:User unknown|Deferred|Host unknown|Service unavailable)/i,
    ],
  },
  {
    family: 'exchange',
    markers: [
      /Delivery has failed to these recipients or groups/i,
      /did not reach (?:some or all of )?the (?:intended |following )?recipient/i,
      /The following recipient\(s\) (?:cannot|could not) be reached/i,
      /Your message (?:couldn't|could not|can't) be delivered/i,
    ],
  },
  {
    family: 'gmail',
    markers: [
      /Delivery to the following recipients? (?:failed|has been delayed)/i,
      /Your message wasn't delivered to/i,
      /Address not found/i,
      /Message (?:not delivered|blocked)/i,
    ],
  },
  {
    family: 'au-kddi',
    markers: [/Could not be delivered to: </],
  },
  {
    family: 'fml',
    markers: [/You are not a member of this mailing list/i, /Duplicated Message-ID in </i],
  },
  {
    family: 'generic',
    markers: [
      /(?:could not|couldn't|cannot|can't|was not|wasn't|unable to) (?:be )?deliver/i,
      /delivery (?:to the following recipients? )?(?:has )?failed/i,
      /(?:permanent|fatal) (?:error|failure)/i,
      /undeliver(?:able|ed)/i,
      /Invalid user address|no such user|user unknown/i,
    ],
  },
];

// Where the copy of the original message starts: addresses after it are the sender's, not failed recipients. Each
// marker is on one line: `^[ \t]*`, as `^\s*` ran from every line start over all the blank lines below it (a mail
// of 60,000 blank lines took 26 s).
const ORIGINAL_MESSAGE_MARKERS = [
  /^[ \t]*-+ ?(?:This is a copy of|Below this line is a copy of|Original message|Returned message|Undelivered message|The header of the original message|Message headers follow|Headers of the original message)/im,
  /^[ \t]*-+ ?(?:original|returned|undelivered) (?:message|mail|headers)/im,
  /^[ \t]*(?:Below is a copy of the original message|Original message (?:headers )?follows|Message headers follow)/im,
  /^[ \t]*\|?-* ?Message text follows/im,
  /^Received:\s*from\b/im,
  /^Return-Path:/im,
];

const DELAY_WORDING =
  /delayed|has not (?:yet )?been delivered|will (?:continue|keep) (?:trying|retrying)|still (?:being )?retr|Warning: could not send|will be retried|not yet been delivered/i;

const NOT_A_RECIPIENT = /^(?:mailer-daemon|postmaster|post_master|mail\.delivery\.system|abuse|no-?reply|support)@/i;

export function recogniseBounceFormat(text: string): string | null {
  return FORMAT_FAMILIES.find(({ markers }) => markers.some((marker) => marker.test(text)))?.family ?? null;
}

export function isDelayNotice(text: string, subject: string): boolean {
  return /\bdelay|warning/i.test(subject) || DELAY_WORDING.test(failureSection(text));
}

/** The report's own words: the text before the copy of the original message. */
export function failureSection(text: string): string {
  let end = text.length;
  for (const marker of ORIGINAL_MESSAGE_MARKERS) {
    const index = text.search(marker);
    // A marker in the first lines is the report's own header block, not the copy.
    if (index > 80 && index < end) end = index;
  }
  return text.slice(0, end);
}

// Lines that name a failed recipient, from the most to the least telling: the first pattern that finds any wins.
// Each is linear in its (cut) line (decision 0055): the parts of an address are bounded (a local part of at most
// 128 characters, a domain of at most 255, and no `@` in the domain, so an address splits at its last `@` in one
// way only), and no two unbounded runs can take the same characters. `"?\s*(…)?\s*:?\s*$` tried every way of
// sharing a run of spaces among its three `\s*`: a line of `a@b.cc`, 3,000 spaces and `x` took 43 s.
const LOCAL_PART = '[^\\s<>()"\'*]{1,128}';
const ADDRESS = `<?(${LOCAL_PART}@[^\\s<>()"'@]{1,255}?)>?`;
const BRACKETED = '<([^<>\\s]{1,128}@[^<>\\s@]{1,255})>';
const RECIPIENT_LINES: RegExp[] = [
  // qmail, Yahoo, Postfix, OpenSMTPD: "<kim@example.org>:" alone, or followed by the reason or "(expanded from …)".
  new RegExp(`^\\s*${BRACKETED}\\s*:?(.*)$`),
  new RegExp(`^\\s*${ADDRESS}:\\s+(.+)$`),
  // Exim, Gmail, Exchange, Mimecast: the address alone on an (indented or bulleted) line, maybe with a note.
  new RegExp(`^\\s*(?:[*>-]+\\s*)?"?${ADDRESS}"?\\s*(?:(?:\\(.*\\)|\\[.*\\]|<[^>]*>|on .*)\\s*)?(?::\\s*)?$`),
  // Sendmail: "kim@example.org... User unknown" and the RCPT TO of a transcript.
  new RegExp(`^\\s*${ADDRESS}\\.\\.\\.\\s*(.*)$`),
  /RCPT TO:\s*<?([^<>\s]{1,128}@[^<>\s@]{1,255}?)>?(?:\s|$)/i,
  // Labelled: "Recipient address: kim@example.org", "Original address: …", "Failed recipient: …".
  new RegExp(
    `(?:recipient|address|original-recipient|final-recipient|rcpt)\\s*:\\s*(?:rfc822;\\s*)?${ADDRESS}\\s*$`,
    'i',
  ),
  // Sentences: "Your message wasn't delivered to kim@example.org because…", "delivering your mail to <…>".
  new RegExp(
    `(?:deliver(?:ed|ing|y)?|sent|send|reach(?:ed)?)\\b[^@\\n]{0,40}?\\b(?:to|for):?\\s+${ADDRESS}[\\s,.:;]`,
    'i',
  ),
  // A reason ending in the address: "User mailbox exceeds allowed size: kim@example.org".
  new RegExp(`:\\s*${ADDRESS}\\s*$`),
  // Zoho and others: the address first, then the reason on the same line.
  new RegExp(`^\\s*${ADDRESS}\\s+(.+)$`),
  new RegExp(BRACKETED),
];

// Header lines of a quoted original message (or of its summary): they name the sender and message ids.
const QUOTED_HEADER =
  /^\s*(?:message-id|in-reply-to|references|from|return-path|sender|reply-to|received|to|cc|subject|date)\s*:/i;

/**
 * The failed recipients a plain-text report names, each with the reason written next to it. `listed` are those of
 * an `X-Failed-Recipients` header. Addresses of the report's own sender and receiver count only when nothing else
 * is named (test mail is often sent to oneself).
 */
export function findFailedRecipients(text: string, ownAddresses: Set<string>, listed: string[]): FoundRecipient[] {
  const section = failureSection(text);
  const attempts: [string, (address: string) => boolean][] = [
    [section, (address) => ownAddresses.has(address) || NOT_A_RECIPIENT.test(address)],
    [section, (address) => /^mailer-daemon@/i.test(address)],
    [text, (address) => ownAddresses.has(address) || NOT_A_RECIPIENT.test(address)],
  ];
  const named = listed.length > 0 ? [] : attempts.map(([within, excluded]) => findNamed(within, excluded));
  const found = named.find((recipients) => recipients.length > 0);
  if (found) return found;
  const lines = boundedLines(section);
  return listed.map((address) => {
    const index = lines.findIndex((line) => line.toLowerCase().includes(address));
    const diagnostic = index < 0 ? null : diagnosticNear(lines, index, lines[index].split(address)[1] ?? '');
    return { address, status: findStatusCode(diagnostic) ?? findStatusCode(section), diagnostic };
  });
}

function findNamed(text: string, excluded: (address: string) => boolean): FoundRecipient[] {
  const lines = boundedLines(text);
  const found = new Map<string, FoundRecipient>();
  for (const pattern of RECIPIENT_LINES) {
    lines.forEach((line, index) => {
      if (QUOTED_HEADER.test(line)) return;
      const match = pattern.exec(line);
      const address = normaliseAddress(match?.[1]);
      if (!address || !looksLikeEmailAddress(address) || found.has(address) || excluded(address)) return;
      const diagnostic = diagnosticNear(lines, index, match?.[2] ?? '');
      found.set(address, { address, status: findStatusCode(diagnostic), diagnostic });
    });
    if (found.size > 0) break;
  }
  return [...found.values()];
}

/** The reason on the recipient's line, else the lines right after it up to a blank line. */
function diagnosticNear(lines: string[], index: number, sameLine: string): string | null {
  const following: string[] = [];
  for (const line of lines.slice(index + 1, index + 6)) {
    if (line.trim() === '') {
      if (following.length > 0) break;
      continue;
    }
    if (/@/.test(line) && /^\s*<?[^\s<>]+@/.test(line)) break;
    following.push(line.trim());
  }
  const diagnostic = (sameLine.trim() || following.join(' ')).slice(0, 500);
  return diagnostic === '' ? null : diagnostic;
}

export interface AmazonSesNotification {
  type: 'bounce' | 'complaint' | 'delivery';
  feedbackType: string;
  recipients: FoundRecipient[];
  messageId: string | null;
}

/** An Amazon SES notification delivered by mail (SNS): a JSON object with `notificationType`. */
export function readAmazonSesNotification(text: string): AmazonSesNotification | null {
  if (!text.includes('notificationType')) return null;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  let notification: SesJson;
  try {
    // The lines joined without the spaces around their breaks, line by line: `/\s*\n\s*/g` is quadratic on a long
    // run of spaces.
    const joined = text
      .slice(start, end + 1)
      .split('\n')
      .map((line) => line.trim())
      .join('');
    notification = JSON.parse(joined);
    // Through SNS, the notification is a JSON string in the envelope's `Message`.
    if (typeof notification.Message === 'string') notification = JSON.parse(notification.Message);
  } catch {
    return null;
  }
  const type = notification.notificationType?.toLowerCase();
  if (type !== 'bounce' && type !== 'complaint' && type !== 'delivery') return null;
  const listed = notification.bounce?.bouncedRecipients ?? notification.complaint?.complainedRecipients ?? [];
  return {
    type,
    feedbackType: notification.complaint?.complaintFeedbackType ?? 'abuse',
    recipients: listed.map((recipient) => ({
      address: normaliseAddress(recipient.emailAddress) ?? '',
      status: recipient.status ?? findStatusCode(recipient.diagnosticCode ?? null),
      diagnostic: recipient.diagnosticCode ?? null,
    })),
    messageId: normaliseMessageId(notification.mail?.commonHeaders?.messageId),
  };
}

function normaliseMessageId(id: string | undefined): string | null {
  if (!id) return null;
  return id.startsWith('<') ? id : `<${id}>`;
}

interface SesJson {
  Message?: string;
  notificationType?: string;
  bounce?: { bouncedRecipients?: SesRecipient[] };
  complaint?: { complainedRecipients?: SesRecipient[]; complaintFeedbackType?: string };
  mail?: { commonHeaders?: { messageId?: string } };
}

interface SesRecipient {
  emailAddress?: string;
  status?: string;
  diagnosticCode?: string;
}
