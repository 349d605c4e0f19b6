import fc from 'fast-check';
import { templateContentFindings } from '../../contract/template-score';
import { TEMPLATE_BODY_LIMIT_BYTES } from '../../contract/templates';
import { readCsvRows } from '../../web/src/features/leads/lib/csv-row-reader';
import { readInbound } from '../adapters/mail/inbound/classify-inbound';
import { replyText } from '../adapters/mail/inbound/reply-text';
import { checkCsvChunk } from '../modules/leads/csv-import';
import { EmailTooLargeError, renderEmail } from '../modules/templates/render-email';
import { hostileString } from './hostile-values';

/**
 * The documents LocalReach reads from strangers or from users' files (CSV imports, template HTML, inbound mail),
 * fuzzed through the code that reads them, each case timed: a case over a second is catastrophic behaviour (a
 * quadratic regular expression, an expansion without a cap), whatever the machine.
 */

export const CASE_LIMIT_MS = 1000;

/** `text` repeated to about `length` characters. */
const repeated = (text: string, length: number) => text.repeat(Math.max(1, Math.ceil(length / text.length)));

/** Pieces that are cheap to write and expensive to read badly, some repeated tens of thousands of times. */
function hostileDocument(pieces: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: pieces },
    { weight: 2, arbitrary: hostileString },
    {
      weight: 1,
      arbitrary: fc.tuple(pieces, fc.constantFrom(1_000, 20_000, 100_000)).map(([text, n]) => repeated(text, n)),
    },
  );
  return fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));
}

const csvPieces = fc.constantFrom(
  'email,first_name,company\n',
  'a@example.test,Dana,Reyes\n',
  '"',
  '""',
  '"a,b"',
  ',',
  ';',
  '\t',
  '\r\n',
  '\r',
  '\n',
  '\ufeff',
  '__proto__,constructor,prototype\n',
  'email,email,email\n',
  '=cmd|"/c calc"!A1,',
  '\u0000',
  ' ',
);

const htmlPieces = fc.constantFrom(
  '<p>',
  '</p>',
  '<div>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="{company}">',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<style>p{color:red}</style>',
  '<!--',
  '-->',
  '<',
  '>',
  '&amp;',
  '&#x0;',
  '{firstName}',
  '{firstName|there}',
  '{company|',
  '{',
  '}',
  '{{spin: Hi | Hello | Hey}}',
  '{{spin: ',
  ' | ',
  '}}',
  `{{spin: ${Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' | ')}}}`,
  'FREE!!! CLICK HERE ',
  'https://bit.ly/x ',
  ' ',
  '\n',
);

const mimePieces = fc.constantFrom(
  'From: Lead <lead@example.test>\r\n',
  'From: =?utf-8?B?4oCuZXZpbA==?= <x@y>\r\n',
  'Subject: Re: Hello\r\n',
  'Subject: =?utf-8?Q?=E2=80=AE?=\r\n',
  'In-Reply-To: <a@b>\r\n',
  'References: <a@b> <c@d>\r\n',
  'Content-Type: multipart/mixed; boundary="b"\r\n',
  'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n',
  'Content-Type: text/plain; charset=utf-7\r\n',
  'Content-Transfer-Encoding: base64\r\n',
  'Content-Transfer-Encoding: quoted-printable\r\n',
  '\r\n',
  '--b\r\n',
  '--b--\r\n',
  'Content-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; a@b\r\nStatus: 5.1.1\r\n',
  'Content-Type: message/rfc822\r\n\r\n',
  '=\r\n',
  '=00',
  '> quoted line\n',
  'On Mon, 23 Nov 2026, Sales <s@x> wrote:\n',
  '-- \nSignature\n',
  'Sent from my iPhone\n',
  '          ',
  '\n\n\n\n',
  '\u0000',
  'QUJD',
);

export type TimedArea = {
  name: string;
  cases: fc.Arbitrary<string>;
  /** Reads one case the way the app does; must never throw and never take long. */
  read(input: string): Promise<unknown>;
};

export const timedAreas: TimedArea[] = [
  {
    name: 'CSV import (papaparse, row checks)',
    cases: hostileDocument(csvPieces),
    async read(input) {
      let line = 2;
      for await (const slice of readCsvRows(new Blob([input]))) {
        checkCsvChunk(slice.rows, line);
        line += slice.rows.length;
      }
    },
  },
  {
    name: 'Template HTML (render, sanitise, content score)',
    cases: hostileDocument(htmlPieces),
    async read(whole) {
      // The most a template body may hold (bytes ≥ characters).
      const input = whole.slice(0, TEMPLATE_BODY_LIMIT_BYTES);
      const lead = { firstName: input.slice(0, 200), company: '"><script>alert(1)</script>' };
      try {
        renderEmail({ subject: input.slice(0, 998), body: input }, lead, '1:1');
      } catch (error) {
        // The app's own refusal of a mail the lead's details blow up (the campaign fails that lead's mail).
        if (!(error instanceof EmailTooLargeError)) throw error;
      }
      templateContentFindings({ subject: input.slice(0, 998), body: input });
    },
  },
  {
    name: 'Inbound MIME (mailparser, classification, reply text)',
    cases: hostileDocument(mimePieces),
    async read(input) {
      const { envelope } = await readInbound(Buffer.from(input, 'latin1'));
      replyText(envelope.text);
      replyText(input);
    },
  },
];

export type TimedOutcome = { input: string; ms: number; error: unknown };

/** Reads each of `count` cases of `area` (the same ones for the same seed), timing each. */
export async function* timedCases(area: TimedArea, count: number, seed: number): AsyncGenerator<TimedOutcome> {
  for (const input of fc.sample(area.cases, { numRuns: count, seed })) {
    const started = performance.now();
    let error: unknown = null;
    try {
      await area.read(input);
    } catch (caught) {
      error = caught;
    }
    yield { input, ms: performance.now() - started, error };
  }
}

/** A case as a developer can reproduce it: its start, its length. */
export function describeCase(input: string): string {
  return `${JSON.stringify(input.slice(0, 200))}${input.length > 200 ? `… (${input.length} chars)` : ''}`;
}
