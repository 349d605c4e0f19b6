// Our own reader of the two machine-readable report parts: RFC 3464 `message/delivery-status` and RFC 5965
// `message/feedback-report`. mailparser hands us the part's text; the fields are ours to read.
import { FIELD_LIMIT, LINE_LIMIT } from './text-limits';

export interface DeliveryStatusRecipient {
  finalRecipient: string | null;
  originalRecipient: string | null;
  action: string | null;
  status: string | null;
  diagnosticCode: string | null;
  remoteMta: string | null;
}

export interface DeliveryStatus {
  reportingMta: string | null;
  recipients: DeliveryStatusRecipient[];
}

export interface FeedbackReport {
  feedbackType: string;
  originalRcptTo: string | null;
  originalMailFrom: string | null;
}

type Field = { name: string; value: string };

// Only failure codes: a transcript's 250 2.1.5 is not what went wrong.
const ENHANCED_STATUS = /\b([45])\.(\d{1,3})\.(\d{1,3})\b/;
const SMTP_REPLY_CODE = /(?:^|[^\d.])([45]\d\d)(?![\d.])/;
const DSN_STATUS = /\b[245]\.\d{1,3}\.\d{1,3}\b/;
// A local part of at most 128 characters (RFC 5321 allows 64): the search tries every start, and an unbounded local
// part made it quadratic on a long run of letters.
const EMAIL_ADDRESS = /[^\s<>()[\]"',;:]{1,128}@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;

/** Unfolds header-style lines and returns the fields in order; a blank line is kept as a `null` separator. */
export function readFields(text: string): (Field | null)[] {
  const fields: (Field | null)[] = [];
  let current: Field | null = null;
  for (const line of text.replace(/\r/g, '').split('\n')) {
    if (line.trim() === '') {
      current = null;
      fields.push(null);
    } else if (/^[ \t]/.test(line) && current) {
      if (current.value.length < FIELD_LIMIT) current.value = `${current.value} ${line.trim()}`.slice(0, FIELD_LIMIT);
    } else {
      const match = /^([A-Za-z][A-Za-z0-9-]*)\s*:\s*(.*)$/.exec(line);
      current = match ? { name: match[1].toLowerCase(), value: match[2].trim().slice(0, FIELD_LIMIT) } : null;
      if (current) fields.push(current);
    }
  }
  return fields;
}

/** `rfc822; <Kim@Example.org>` → `kim@example.org`; null when nothing address-like is left. */
export function normaliseAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const withoutType = value.slice(0, LINE_LIMIT).replace(/^\s*[a-z0-9-]+\s*;\s*/i, '');
  const address = EMAIL_ADDRESS.exec(withoutType)?.[0] ?? withoutType.replace(/[<>\s]/g, '');
  const cleaned = withoutEnds(address, "<('[", ">)'].").toLowerCase();
  return cleaned === '' ? null : cleaned;
}

/** `text` without the run of `leading` characters it starts with and of `trailing` ones it ends with. */
function withoutEnds(text: string, leading: string, trailing: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && leading.includes(text[start])) start++;
  while (end > start && trailing.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

export function looksLikeEmailAddress(value: string): boolean {
  return /^[^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(value);
}

/** The enhanced status code (`5.1.1`) in a text, else its SMTP reply code (`550`), else null. */
export function findStatusCode(text: string | null): string | null {
  if (!text) return null;
  const enhanced = ENHANCED_STATUS.exec(text);
  if (enhanced) return `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}`;
  return SMTP_REPLY_CODE.exec(text)?.[1] ?? null;
}

/** The per-recipient blocks of a delivery-status part; a recipient without a blank line before it still starts anew. */
export function parseDeliveryStatus(text: string): DeliveryStatus {
  let reportingMta: string | null = null;
  const recipients: DeliveryStatusRecipient[] = [];
  let current: DeliveryStatusRecipient | null = null;
  for (const field of readFields(text)) {
    if (field === null) {
      current = null;
      continue;
    }
    const { name, value } = field;
    if (name === 'reporting-mta') reportingMta ??= value;
    if (name === 'original-recipient' || name === 'final-recipient') {
      const key = name === 'final-recipient' ? 'finalRecipient' : 'originalRecipient';
      // A field seen twice in one block starts the next recipient (some servers leave out the blank line).
      if (current === null || current[key] !== null) {
        current = emptyRecipient();
        recipients.push(current);
      }
      current[key] = normaliseAddress(value);
    } else if (current !== null) {
      if (name === 'action') current.action = value.toLowerCase().split(/[\s(;]/)[0];
      if (name === 'status') current.status = DSN_STATUS.exec(value)?.[0] ?? value;
      if (name === 'diagnostic-code') current.diagnosticCode = value.replace(/^\s*smtp\s*;\s*/i, '') || null;
      if (name === 'remote-mta') current.remoteMta = value.replace(/^\s*dns\s*;\s*/i, '') || null;
    }
  }
  return { reportingMta, recipients };
}

function emptyRecipient(): DeliveryStatusRecipient {
  return {
    finalRecipient: null,
    originalRecipient: null,
    action: null,
    status: null,
    diagnosticCode: null,
    remoteMta: null,
  };
}

export function parseFeedbackReport(text: string): FeedbackReport {
  const fields = readFields(text).filter((field): field is Field => field !== null);
  const first = (name: string) => fields.find((field) => field.name === name)?.value ?? null;
  return {
    feedbackType: (first('feedback-type') ?? 'abuse').toLowerCase(),
    originalRcptTo: normaliseAddress(first('original-rcpt-to') ?? first('removal-recipient')),
    originalMailFrom: normaliseAddress(first('original-mail-from')),
  };
}

/** The Message-ID of the first header block that has one (an attached message or text/rfc822-headers part). */
export function findMessageId(headersText: string): string | null {
  const match = /^Message-ID:[ \t]*(?:\r?\n[ \t]+)?(<[^>\s]+>|[^\s<>]+@[^\s<>]+)/im.exec(headersText);
  if (!match) return null;
  const id = match[1];
  return id.startsWith('<') ? id : `<${id}>`;
}
