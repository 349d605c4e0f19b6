import { createHash } from 'node:crypto';
import type { Attachment, ParsedMail } from 'mailparser';
import { findReturnDate, isAutoReply } from './auto-reply';
import {
  type FoundRecipient,
  findFailedRecipients,
  isDelayNotice,
  readAmazonSesNotification,
  recogniseBounceFormat,
} from './bounce-formats';
import {
  type DeliveryStatusRecipient,
  findMessageId,
  findStatusCode,
  looksLikeEmailAddress,
  normaliseAddress,
  parseDeliveryStatus,
  parseFeedbackReport,
} from './delivery-report';
import { readEnvelopeHeaders } from './envelope-headers';
import { isListUnsubscribeMail, LIST_UNSUBSCRIBE_INTENT, type ReplyIntent, readReplyIntent } from './reply-intent';
import { replyText } from './reply-text';
import { TEXT_LIMIT } from './text-limits';

export interface BouncedRecipient {
  address: string;
  status: string | null;
  action: string | null;
  diagnostic: string | null;
}

export type InboundClassification =
  | {
      kind: 'bounce';
      permanent: boolean;
      delayed: boolean;
      recipients: BouncedRecipient[];
      originalMessageId: string | null;
    }
  | { kind: 'complaint'; feedbackType: string; recipient: string | null; originalMessageId: string | null }
  | { kind: 'auto_reply'; returnDate: string | null }
  | {
      kind: 'message';
      originalMessageIds: string[];
      /** What the sender wrote above the quoted history, and what it asks for (built-in rules). */
      replyText: string;
      intent: ReplyIntent;
    };

const DELIVERY_STATUS_TYPES = ['message/delivery-status', 'message/global-delivery-status'];
const ORIGINAL_MESSAGE_TYPES = [
  'message/rfc822',
  'message/global',
  'text/rfc822-headers',
  'message/rfc822-headers',
  'message/global-headers',
];
// Actions that report a failure or a delay; `delivered`, `relayed` and `expanded` report success.
const UNDELIVERED_ACTIONS = new Set(['failed', 'delayed', 'expired']);
const DAEMON_SENDER = /^(mailer-daemon|postmaster|post_master|mail\.delivery\.system|mdaemon|mail-daemon)@/i;
const FAILURE_SUBJECT =
  /undeliver|undelivered|returned mail|delivery (status notification|failure|has failed|failed)|failure notice|mail delivery failed|could not be delivered|delivery failure|failed delivery|failure delivery|returned to sender|mail system error|delayed|error sending|could not send|errors from|return(?:ed|ing)(?: mail| message)? to sender|メールエラー|配信できません/i;

/** Who sent a message, when, about what, and which messages it follows: what matching and storing need. */
export type InboundEnvelope = {
  /** Its Message-ID; a digest of its source when it has none, so a message read twice is still the same one. */
  messageId: string;
  /** The sender's address, lower case ('' when there is none). */
  from: string;
  subject: string;
  /** Its Date header; the time it was read when the header is missing, unreadable or in the future. */
  date: Date;
  /** Its text (the HTML's text when it has no plain part), capped. */
  text: string;
  /** The Message-IDs it follows: In-Reply-To, then References. */
  threadIds: string[];
  /** The addresses it was delivered to (a report's return path: decision 0058). */
  deliveredTo: string[];
};

export type InboundMessage = { envelope: InboundEnvelope; classification: InboundClassification };

/** The most text kept of one message (the thread shows it, the AI reads it); the classification reads no more. */
export const INBOUND_TEXT_LIMIT = TEXT_LIMIT;
/** The most addresses of an X-Failed-Recipients header read: each is looked for in every line of the report. */
const MOST_LISTED_RECIPIENTS = 100;

/** What kind of inbound mail this is. Never throws: a message that cannot be read is an ordinary one with no ids. */
export async function classifyInbound(raw: Buffer | string): Promise<InboundClassification> {
  return (await readInbound(raw)).classification;
}

/** Reads a message's envelope and classifies it, parsing it once. Never throws. */
export async function readInbound(raw: Buffer | string, now = new Date()): Promise<InboundMessage> {
  const source = typeof raw === 'string' ? raw : raw.toString('latin1');
  const { deliveredTo } = readEnvelopeHeaders(
    typeof raw === 'string' ? Buffer.from(raw.slice(0, 65_536), 'latin1') : raw,
  );
  try {
    // mailparser is loaded by the first mail read, not by every server start (decision 0043).
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(raw, { keepDeliveryStatus: true });
    const inbound = new InboundMail(mail, source);
    const classification =
      readComplaint(inbound) ?? readBounce(inbound) ?? readAutoReply(inbound) ?? readOrdinary(mail, inbound);
    return { envelope: { ...envelopeOf(inbound, source, now), deliveredTo }, classification };
  } catch {
    return {
      envelope: {
        messageId: digestId(source),
        from: '',
        subject: '',
        date: now,
        text: '',
        threadIds: [],
        deliveredTo,
      },
      classification: { kind: 'message', originalMessageIds: [], replyText: '', intent: readReplyIntent('') },
    };
  }
}

function envelopeOf(inbound: InboundMail, source: string, now: Date): Omit<InboundEnvelope, 'deliveredTo'> {
  const { mail } = inbound;
  const date = mail.date && !Number.isNaN(mail.date.getTime()) && mail.date <= now ? mail.date : now;
  return {
    messageId: mail.messageId?.trim() || digestId(source),
    from: inbound.sender,
    subject: inbound.subject,
    date,
    text: inbound.text,
    threadIds: threadIdsOf(mail),
  };
}

/** The digest id of a message without a Message-ID: the same for the same source, whoever computes it. */
export function digestId(source: string): string {
  return `<sha256-${createHash('sha256').update(source).digest('hex')}@localreach.invalid>`;
}

function threadIdsOf(mail: ParsedMail): string[] {
  const references = typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);
  const ids = [...(mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : []), ...references].filter((id) => id !== '');
  return [...new Set(ids)];
}

/** The parsed mail with the few views the checks share. */
class InboundMail {
  readonly subject: string;
  readonly sender: string;
  readonly text: string;
  /** The raw source after the top-level headers: where an inlined original message's headers stand. */
  readonly rawBody: string;

  constructor(
    readonly mail: ParsedMail,
    source: string,
  ) {
    this.subject = mail.subject ?? '';
    // A From written as a group (`Name: <a@b>;`, or a display name whose encoded word holds a colon) keeps its
    // address inside the group: without it the reply would have no one to go to.
    this.sender = mail.from?.value.flatMap((entry) => entry.group ?? [entry])[0]?.address?.toLowerCase() ?? '';
    const headersEnd = source.search(/\r?\n\r?\n/);
    this.rawBody = headersEnd < 0 ? '' : source.slice(headersEnd);
    // A tag ends at the next `<` too: `<[^>]*>` ran from every `<` to the end of a text with no `>` (quadratic).
    const html = typeof mail.html === 'string' ? mail.html.slice(0, 2 * TEXT_LIMIT).replace(/<[^<>]*>/g, ' ') : '';
    // A report whose MIME structure is broken (no boundary lines) leaves no text: its raw body is the text.
    const text = (mail.text ?? html).trim() === '' ? this.rawBody : (mail.text ?? html);
    // What the checks read is bounded like what is kept (decision 0055).
    this.text = text.slice(0, TEXT_LIMIT);
  }

  header(name: string): string | undefined {
    const line = this.mail.headerLines.find((header) => header.key === name)?.line;
    return line
      ?.slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  }

  parts(types: string[]): Attachment[] {
    return this.mail.attachments.filter((part) => types.includes(part.contentType.toLowerCase()));
  }

  originalMessageId(): string | null {
    for (const part of this.parts(ORIGINAL_MESSAGE_TYPES)) {
      const id = findMessageId(part.content.toString('utf8'));
      if (id) return id;
    }
    return findMessageId(this.rawBody);
  }

  /** The addresses a failure report is from or to: never the failed recipient. */
  ownAddresses(): Set<string> {
    const addresses = [this.mail.from, this.mail.to, this.mail.replyTo]
      .flatMap((list) => (Array.isArray(list) ? list : list ? [list] : []))
      .flatMap((list) => list.value.map((entry) => entry.address?.toLowerCase() ?? ''));
    const returnPath = normaliseAddress(this.header('return-path'));
    return new Set([...addresses, ...(returnPath ? [returnPath] : [])].filter(Boolean));
  }
}

function readComplaint(inbound: InboundMail): InboundClassification | null {
  const [reportPart] = inbound.parts(['message/feedback-report']);
  const isFeedbackReport = /report-type\s*=\s*"?feedback-report/i.test(inbound.header('content-type') ?? '');
  if (reportPart || isFeedbackReport) {
    const report = reportPart ? parseFeedbackReport(reportPart.content.toString('utf8')) : null;
    return {
      kind: 'complaint',
      feedbackType: report?.feedbackType ?? 'abuse',
      recipient: [report?.originalRcptTo, originalRecipientHeader(inbound)].find(isEmailAddress) ?? null,
      originalMessageId: inbound.originalMessageId(),
    };
  }
  // Outlook.com's feedback loop (JMRP) forwards the original with the complainer in this header.
  const hotmailRecipient = /^X-HmXmrOriginalRecipient:\s*(\S+)/im.exec(inbound.rawBody)?.[1];
  if (hotmailRecipient) {
    return {
      kind: 'complaint',
      feedbackType: 'abuse',
      recipient: normaliseAddress(hotmailRecipient),
      originalMessageId: inbound.originalMessageId(),
    };
  }
  // Apple Mail's "Unsubscribe" button mails the List-Unsubscribe address on the reader's behalf.
  if (inbound.header('x-apple-unsubscribe')?.toLowerCase() === 'true') {
    return {
      kind: 'complaint',
      feedbackType: 'unsubscribe',
      recipient: inbound.sender || null,
      originalMessageId: null,
    };
  }
  const sesComplaint = readAmazonSesNotification(inbound.text);
  if (sesComplaint?.type === 'complaint') {
    return {
      kind: 'complaint',
      feedbackType: sesComplaint.feedbackType,
      recipient: sesComplaint.recipients[0]?.address ?? null,
      originalMessageId: sesComplaint.messageId,
    };
  }
  return null;
}

function isEmailAddress(address: string | null | undefined): address is string {
  return typeof address === 'string' && looksLikeEmailAddress(address);
}

/** The To of the attached or quoted original message: whom it was sent to, when the report does not say. */
function originalRecipientHeader(inbound: InboundMail): string | null {
  const originals = [
    ...inbound.parts(ORIGINAL_MESSAGE_TYPES).map((part) => part.content.toString('utf8')),
    inbound.rawBody,
  ];
  for (const original of originals) {
    const to = /^To:[ \t]*(.+)$/im.exec(original)?.[1];
    if (to) return normaliseAddress(to);
  }
  return null;
}

function readBounce(inbound: InboundMail): InboundClassification | null {
  const statusParts = inbound.parts(DELIVERY_STATUS_TYPES).map((part) => part.content.toString('utf8'));
  // Some servers write the delivery-status fields into the text instead of a part of their own.
  if (statusParts.length === 0 && /^Final-Recipient:/im.test(inbound.text)) statusParts.push(inbound.text);
  const reported = statusParts
    .flatMap((part) => parseDeliveryStatus(part).recipients)
    .filter((recipient) => recipient.action === null || UNDELIVERED_ACTIONS.has(recipient.action));
  const standard = reported.map(fromDeliveryStatus).filter((recipient) => looksLikeEmailAddress(recipient.address));
  if (standard.length > 0) return bounce(standard, false, inbound);

  const ses = readAmazonSesNotification(inbound.text);
  if (ses?.type === 'bounce') return bounce(ses.recipients.map(fromFound('failed')), false, inbound);
  if (ses?.type === 'delivery') return null;

  const fromDaemon =
    inbound.sender === '' || DAEMON_SENDER.test(inbound.sender) || /^<\s*>$/.test(inbound.header('return-path') ?? '');
  const failureSubject = FAILURE_SUBJECT.test(inbound.subject);
  const family = recogniseBounceFormat(inbound.text);
  // The generic wording ("undeliverable") also occurs in people's mail: it needs a daemon or a failure subject.
  const looksLikeFailure =
    reported.length > 0 ||
    (family !== null && (family !== 'generic' || fromDaemon || failureSubject)) ||
    (fromDaemon && failureSubject);
  if (!looksLikeFailure) return null;
  const delayed = isDelayNotice(inbound.text, inbound.subject);
  const listed = (inbound.header('x-failed-recipients') ?? '')
    .split(',')
    .slice(0, MOST_LISTED_RECIPIENTS)
    .map((address) => normaliseAddress(address))
    .filter((address): address is string => address !== null);
  const found = findFailedRecipients(inbound.text, inbound.ownAddresses(), listed);
  const originalTo = found.length === 0 ? originalRecipientHeader(inbound) : null;
  if (originalTo) found.push({ address: originalTo, status: findStatusCode(inbound.text), diagnostic: null });
  // A report whose fields name no usable address still tells the status and action of its one recipient.
  const [only] = reported.length === 1 ? reported : [];
  const recipients = found.map((recipient) => ({
    address: recipient.address,
    status: recipient.status ?? only?.status ?? null,
    action: only?.action ?? (delayed ? 'delayed' : 'failed'),
    diagnostic: recipient.diagnostic ?? only?.diagnosticCode ?? null,
  }));
  return bounce(recipients, delayed, inbound);
}

function fromDeliveryStatus(recipient: DeliveryStatusRecipient): BouncedRecipient {
  return {
    address:
      [recipient.finalRecipient, recipient.originalRecipient].find(
        (address): address is string => address !== null && looksLikeEmailAddress(address),
      ) ?? '',
    status: recipient.status ?? findStatusCode(recipient.diagnosticCode),
    action: recipient.action,
    diagnostic: recipient.diagnosticCode,
  };
}

function fromFound(action: string) {
  return (found: FoundRecipient): BouncedRecipient => ({ ...found, action });
}

function bounce(recipients: BouncedRecipient[], delayedNotice: boolean, inbound: InboundMail): InboundClassification {
  const delayed =
    recipients.length > 0 ? recipients.every((recipient) => recipient.action === 'delayed') : delayedNotice;
  return {
    kind: 'bounce',
    permanent: !delayed && (recipients.length === 0 || recipients.some(isPermanent)),
    delayed,
    recipients: recipients.filter((recipient) => looksLikeEmailAddress(recipient.address)),
    originalMessageId: inbound.originalMessageId(),
  };
}

/** 5.x.x and 5yy are permanent, 4.x.x and 4yy temporary; a failure with no code is taken as permanent. */
function isPermanent(recipient: BouncedRecipient): boolean {
  return recipient.action !== 'delayed' && !recipient.status?.startsWith('4');
}

function readAutoReply(inbound: InboundMail): InboundClassification | null {
  if (!isAutoReply({ get: (name) => inbound.header(name) }, inbound.subject)) return null;
  return { kind: 'auto_reply', returnDate: findReturnDate(`${inbound.subject}\n${inbound.text}`) };
}

function readOrdinary(mail: ParsedMail, inbound: InboundMail): InboundClassification {
  // A reply written in HTML only has its text read from the HTML.
  const text = replyText(mail.text ?? inbound.text);
  const intent = isListUnsubscribeMail(inbound.subject) ? LIST_UNSUBSCRIBE_INTENT : readReplyIntent(text);
  return { kind: 'message', originalMessageIds: threadIdsOf(mail), replyText: text, intent };
}
