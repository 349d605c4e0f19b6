// The few header fields the reader needs to store and match a message, read from the top of its source without a
// MIME parser: bounded (the first 64 KB, each field cut to 2,000 characters) and with linear patterns only, so it
// can run on the server's thread even for a message whose full reading ran out of time (decision 0055).

/** What a message's own header block says about it. */
export type EnvelopeHeaders = {
  messageId: string | null;
  /** The sender's address, lower case ('' when there is none). */
  from: string;
  subject: string;
  date: Date | null;
  /** In-Reply-To, then References. */
  threadIds: string[];
  /** The addresses it was delivered to (To, Delivered-To, X-Original-To, Envelope-To): a bounce's return path. */
  deliveredTo: string[];
};

const HEADER_BYTES = 64 * 1024;
const FIELD_CHARS = 2_000;
const MOST_IDS = 50;

// RFC 5321's limits: a local part of at most 64 octets and a domain of at most 255 (128 leaves room for odd ones).
const ADDRESS = /[^\s<>()[\]"',;:@]{1,128}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}/gi;
const BRACKETED_ID = /<[^<>\s]{1,998}>/g;
// An RFC 2047 encoded word: charset, B or Q, text; words in a row are read as one (their spaces are not text).
const ENCODED_WORD = /=\?([\w.-]{1,40})(?:\*[\w-]{1,20})?\?([BbQq])\?([^?\s]{0,998})\?=/g;
const BETWEEN_ENCODED_WORDS = /(\?=)[ \t]{1,100}(?==\?)/g;

const DELIVERED_TO_FIELDS = ['to', 'delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to'];

/** The header fields of `source`'s top-level header block, by lower-case name, in order. */
function headerFields(source: Buffer): Map<string, string[]> {
  const head = source.subarray(0, HEADER_BYTES).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const fields = new Map<string, string[]>();
  let current: { name: string; index: number } | null = null;
  for (const line of (end < 0 ? head : head.slice(0, end)).split(/\r?\n/)) {
    const values = current && fields.get(current.name);
    if (values && current && (line.startsWith(' ') || line.startsWith('\t'))) {
      if (values[current.index].length < FIELD_CHARS) {
        values[current.index] = `${values[current.index]} ${line.trim()}`.slice(0, FIELD_CHARS);
      }
      continue;
    }
    const colon = line.indexOf(':');
    current = null;
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const list = fields.get(name) ?? [];
    list.push(
      line
        .slice(colon + 1)
        .trim()
        .slice(0, FIELD_CHARS),
    );
    fields.set(name, list);
    current = { name, index: list.length - 1 };
  }
  return fields;
}

/** Header text as the sender meant it: raw 8-bit bytes read as UTF-8, encoded words decoded. */
function readableText(value: string): string {
  const bytes = Buffer.from(value, 'latin1');
  const raw = bytes.some((byte) => byte > 0x7f) ? bytes.toString('utf8') : value;
  return raw.replace(BETWEEN_ENCODED_WORDS, '$1').replace(ENCODED_WORD, (word, charset: string, how, text: string) => {
    try {
      const decoded =
        how.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return new TextDecoder(charset.toLowerCase()).decode(decoded);
    } catch {
      return word;
    }
  });
}

const addressesIn = (value: string) => [...value.matchAll(ADDRESS)].map((match) => match[0].toLowerCase());

/** The sender's address: the one in angle brackets, else the first one written. */
function senderOf(value: string): string {
  const bracketed = /<([^<>\s]{1,400})>/.exec(value)?.[1];
  return addressesIn(bracketed ?? '')[0] ?? addressesIn(value)[0] ?? '';
}

export function readEnvelopeHeaders(source: Buffer): EnvelopeHeaders {
  const fields = headerFields(source);
  const first = (name: string) => fields.get(name)?.[0] ?? '';
  const messageId = first('message-id').match(BRACKETED_ID)?.[0] ?? (first('message-id').split(/\s/)[0] || null);
  const date = new Date(first('date').slice(0, 200));
  const threadIds = [...first('in-reply-to').matchAll(BRACKETED_ID), ...first('references').matchAll(BRACKETED_ID)].map(
    (match) => match[0],
  );
  const deliveredTo = DELIVERED_TO_FIELDS.flatMap((name) => (fields.get(name) ?? []).flatMap(addressesIn));
  return {
    messageId,
    from: senderOf(first('from')),
    subject: readableText(first('subject')),
    date: first('date') && !Number.isNaN(date.getTime()) ? date : null,
    threadIds: [...new Set(threadIds)].slice(0, MOST_IDS),
    deliveredTo: [...new Set(deliveredTo)].slice(0, MOST_IDS),
  };
}
