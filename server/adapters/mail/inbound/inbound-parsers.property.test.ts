import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDkimSelectors } from '../../deliverability/dkim-selectors';
import { findReturnDate, isAutoReply } from './auto-reply';
import {
  failureSection,
  findFailedRecipients,
  isDelayNotice,
  readAmazonSesNotification,
  recogniseBounceFormat,
} from './bounce-formats';
import { readInbound } from './classify-inbound';
import {
  findMessageId,
  findStatusCode,
  looksLikeEmailAddress,
  normaliseAddress,
  parseDeliveryStatus,
  parseFeedbackReport,
  readFields,
} from './delivery-report';
import { readEnvelopeHeaders } from './envelope-headers';
import { isListUnsubscribeMail, readReplyIntent } from './reply-intent';
import { replyText } from './reply-text';

// Every parser the inbox reader runs on a stranger's mail, fed lines built to make regular expressions backtrack:
// long runs of spaces, dashes, quotes, `=` and `:` between the words the patterns look for. A case over
// CASE_LIMIT_MS is a pattern that is not linear in its input (the audit's line, `a@b.cc`, 3,000 spaces and `x`,
// held the event loop for 43 s). What counts is the CPU time of the thread that reads (what the event loop would
// lose), not the wall clock, which on a shared machine counts other processes' turns too; and each case is read up
// to three times and its cheapest reading counts, so a garbage collection is not taken for a slow pattern.

const CASE_LIMIT_MS = 50;
const SEED = 37;
const RUNS = 25;

const REPEATED = [
  ' ',
  '-',
  '"',
  '=',
  ':',
  '\t',
  ' :',
  ': ',
  '- ',
  '=20',
  '" ',
  '<',
  '>',
  '@',
  'a@',
  '.',
  '*',
  '(',
  ')',
];
const WORDS = [
  '',
  'x',
  'a@b.cc',
  '<a@b.cc>',
  'a@b.cc:',
  '"a@b.cc"',
  '- a@b.cc',
  'RCPT TO:',
  'Final-Recipient: rfc822;',
  'Recipient address:',
  'delivered to ',
  'Message-ID: ',
  'Received: from',
  'back on ',
  'until ',
  '---',
  '> ',
  'on ',
  ' at ',
  ' from <',
  'wrote:',
  'Status: 5.1.1',
  'Diagnostic-Code: smtp;',
  'notificationType {',
  '(',
  '[',
  'unsubscribe ',
];

/** One hostile line: words with long runs of one character between them. */
const hostileLine = fc
  .tuple(
    fc.constantFrom(...WORDS),
    fc.constantFrom(...REPEATED),
    fc.integer({ min: 300, max: 20_000 }),
    fc.constantFrom(...WORDS),
    fc.constantFrom(...REPEATED),
    fc.integer({ min: 0, max: 5_000 }),
    fc.constantFrom(...WORDS),
  )
  .map(([first, run, times, middle, secondRun, secondTimes, last]) =>
    [first, run.repeat(times), middle, secondRun.repeat(secondTimes), last].join(''),
  );

/** A report's text with the line in it twice, as a plain-text report would carry it. */
const reportText = (line: string) => `Your message could not be delivered.\n\n${line}\n${line}\n\nx\n`;

const crlf = (lines: string[]) => lines.join('\r\n');
/** A failure report from MAILER-DAEMON with a failure subject: the path of the audit's mail. */
const daemonReport = (line: string) =>
  crlf([
    'From: Mail Delivery System <MAILER-DAEMON@mx.test>',
    'To: owner@sender.test',
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <hostile@mx.test>',
    '',
    'Your message could not be delivered.',
    line,
    line,
    '',
  ]);
const standardReport = (line: string) =>
  crlf([
    'From: MAILER-DAEMON@mx.test',
    'Subject: Delivery Status Notification (Failure)',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    line,
    '--b',
    'Content-Type: message/delivery-status',
    '',
    `Final-Recipient: rfc822; ${line}`,
    'Action: failed',
    `Status: ${line}`,
    `Diagnostic-Code: smtp; ${line}`,
    '--b',
    'Content-Type: text/rfc822-headers',
    '',
    `To: ${line}`,
    `Message-ID: ${line}`,
    '--b--',
    '',
  ]);
const htmlReply = (line: string) =>
  crlf(['From: lead@prospects.test', 'Subject: Re: Hello', 'Content-Type: text/html', '', `<p>${line}</p>`, line, '']);
const plainReply = (line: string) =>
  crlf(['From: lead@prospects.test', `Subject: ${line.slice(0, 900)}`, '', line, '', `> ${line}`, '']);
const complaint = (line: string) =>
  crlf([
    'From: feedback@isp.test',
    'Subject: Abuse report',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="b"',
    '',
    '--b',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${line}`,
    `Original-Rcpt-To: ${line}`,
    '--b--',
    '',
  ]);

const PARSERS: [string, (line: string) => unknown][] = [
  ['recogniseBounceFormat', (line) => recogniseBounceFormat(reportText(line))],
  ['isDelayNotice', (line) => isDelayNotice(reportText(line), line.slice(0, 900))],
  ['failureSection', (line) => failureSection(reportText(line))],
  ['findFailedRecipients', (line) => findFailedRecipients(reportText(line), new Set(['own@sender.test']), [])],
  ['findFailedRecipients (X-Failed-Recipients)', (line) => findFailedRecipients(reportText(line), new Set(), [line])],
  ['readAmazonSesNotification', (line) => readAmazonSesNotification(`notificationType {${line}\n${line}}`)],
  ['readFields', (line) => readFields(`${line}\n ${line}\nName: ${line}`)],
  ['normaliseAddress', (line) => normaliseAddress(line)],
  ['looksLikeEmailAddress', (line) => looksLikeEmailAddress(line)],
  ['findStatusCode', (line) => findStatusCode(line)],
  ['parseDeliveryStatus', (line) => parseDeliveryStatus(standardReport(line))],
  ['parseFeedbackReport', (line) => parseFeedbackReport(`Feedback-Type: ${line}\nOriginal-Rcpt-To: ${line}`)],
  ['findMessageId', (line) => findMessageId(`Message-ID: ${line}\nMessage-ID:\n ${line}`)],
  ['isAutoReply', (line) => isAutoReply({ get: () => line }, line)],
  ['findReturnDate', (line) => findReturnDate(reportText(line))],
  ['readReplyIntent', (line) => readReplyIntent(line)],
  ['isListUnsubscribeMail', (line) => isListUnsubscribeMail(line)],
  ['replyText', (line) => replyText(reportText(line))],
  ['readEnvelopeHeaders', (line) => readEnvelopeHeaders(Buffer.from(`From: ${line}\r\nSubject: ${line}\r\n\r\n`))],
  [
    'ownDkimSelectors',
    (line) => ownDkimSelectors(Buffer.from(`From: ${line}\r\nDKIM-Signature: ${line}\r\n\r\n`), 'x'),
  ],
  ['readInbound: a daemon report', (line) => readInbound(daemonReport(line))],
  ['readInbound: a standard report', (line) => readInbound(standardReport(line))],
  ['readInbound: a complaint', (line) => readInbound(complaint(line))],
  ['readInbound: an HTML reply', (line) => readInbound(htmlReply(line))],
  ['readInbound: a plain reply', (line) => readInbound(plainReply(line))],
];

/** This thread's CPU time so far, in ms. */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/** The cheapest of up to three readings, in CPU ms; one over a second is not read again (it is slow, always). */
async function cheapestRun(read: () => unknown): Promise<number> {
  let cheapest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = threadCpuMs();
    await read();
    cheapest = Math.min(cheapest, threadCpuMs() - started);
    if (cheapest <= CASE_LIMIT_MS || cheapest > 1000) break;
  }
  return cheapest;
}

const describeLine = (line: string) => `${JSON.stringify(line.slice(0, 60))}… (${line.length} chars)`;

describe('the inbound parsers on adversarial lines (each case under 50 ms)', () => {
  beforeAll(async () => {
    // mailparser is imported by the first mail read: not a cost of any case.
    await readInbound(plainReply('warm-up'));
  });

  it("reads the audit's mail (a@b.cc, 3,000 spaces and x, from MAILER-DAEMON) in time", async () => {
    const line = `a@b.cc${' '.repeat(3000)}x`;
    expect(await cheapestRun(() => readInbound(daemonReport(line)))).toBeLessThan(CASE_LIMIT_MS);
  });

  for (const [name, parse] of PARSERS) {
    it(`${name}: ${RUNS} hostile lines`, async () => {
      const slow: string[] = [];
      for (const line of fc.sample(hostileLine, { numRuns: RUNS, seed: SEED })) {
        const ms = await cheapestRun(() => parse(line));
        if (ms > CASE_LIMIT_MS) slow.push(`${Math.round(ms)} ms on ${describeLine(line)}`);
      }
      expect(slow.join('\n')).toBe('');
    }, 120_000);
  }
});
