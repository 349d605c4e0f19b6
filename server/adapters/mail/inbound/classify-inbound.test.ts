import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { findReturnDate } from './auto-reply';
import { failureSection } from './bounce-formats';
import { classifyInbound, type InboundClassification, readInbound } from './classify-inbound';
import { looksLikeEmailAddress } from './delivery-report';

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpora/bounces/', import.meta.url));
const corpusMissing = !existsSync(join(CORPUS, 'bsd'));
if (corpusMissing) console.warn(`Skipping the inbound-mail corpus test: no corpus at ${CORPUS}`);

type Kind = InboundClassification['kind'];

// Files whose name puts them in another class than their content does (the corpus names files by the host that
// sent them): Amazon SES mails its complaint and delivery notifications through the same channel as its bounces.
const CONTENT_OVER_NAME: Record<string, { kind: Kind; why: string }> = {
  'lhost-amazonses-11.eml': { kind: 'complaint', why: 'an SES "Complaint" notification' },
  'lhost-amazonses-12.eml': { kind: 'message', why: 'an SES "Delivery" (success) notification' },
  'lhost-amazonses-13.eml': { kind: 'message', why: 'an SES "Delivery" (success) notification' },
};

function expectedKind(folder: string, name: string): Kind {
  if (folder === 'not') return 'message';
  if (CONTENT_OVER_NAME[name]) return CONTENT_OVER_NAME[name].kind;
  if (name.startsWith('arf-')) return 'complaint';
  if (name.startsWith('rfc3834-')) return 'auto_reply';
  return 'bounce';
}

/** True when the message has a delivery-status part and every Action in it is `delayed`. */
function onlyDelayedActions(raw: string): boolean {
  const part = /content-type:\s*message\/delivery-status[^\n]*\n([\s\S]*?)(?:\n--|$)/i.exec(raw)?.[1];
  const actions = [...(part ?? '').matchAll(/^Action:\s*(\w+)/gim)].map((match) => match[1].toLowerCase());
  return actions.length > 0 && actions.every((action) => action === 'delayed');
}

interface CorpusResult {
  file: string;
  expected: Kind;
  result: InboundClassification;
  delayedWarning: boolean;
}

describe.skipIf(corpusMissing)('classifyInbound on the real bounce corpus', () => {
  const results: CorpusResult[] = [];

  beforeAll(async () => {
    for (const folder of ['bsd', 'not']) {
      for (const name of readdirSync(join(CORPUS, folder)).sort()) {
        const raw = readFileSync(join(CORPUS, folder, name));
        results.push({
          file: `${folder}/${name}`,
          expected: expectedKind(folder, name),
          result: await classifyInbound(raw),
          delayedWarning: onlyDelayedActions(raw.toString('latin1')),
        });
      }
    }
    printScores(results);
  });

  it('reads every file of the corpus', () => {
    expect(results.filter((entry) => entry.file.startsWith('bsd/')).length).toBe(629);
    expect(results.filter((entry) => entry.file.startsWith('not/')).length).toBe(2);
  });

  it('puts every message in its class', () => {
    const misplaced = results
      .filter((entry) => entry.result.kind !== entry.expected)
      .map((entry) => `${entry.file}: expected ${entry.expected}, got ${entry.result.kind}`);
    expect(misplaced).toEqual([]);
  });

  it('finds a failed recipient address in at least 98% of the bounces', () => {
    const bounces = results.filter((entry) => entry.expected === 'bounce');
    const withAddress = bounces.filter((entry) => bouncedAddresses(entry.result).some(looksLikeEmailAddress));
    expect(withAddress.length / bounces.length).toBeGreaterThanOrEqual(0.98);
  });

  it('lower-cases recipient addresses and strips their type and brackets', () => {
    const addresses = results.flatMap((entry) => bouncedAddresses(entry.result));
    const unclean = addresses.filter((address) => address !== address.toLowerCase() || /[<>]|^rfc822;/i.test(address));
    expect(unclean).toEqual([]);
  });

  it('never calls a delayed bounce permanent, and reads the Action: delayed warnings as delayed', () => {
    const bounces = results.flatMap((entry) => (entry.result.kind === 'bounce' ? [entry.result] : []));
    expect(bounces.filter((bounce) => bounce.delayed && bounce.permanent)).toEqual([]);
    const warnings = results.filter((entry) => entry.delayedWarning);
    expect(warnings.length).toBeGreaterThanOrEqual(10);
    const missed = warnings.filter((entry) => entry.result.kind !== 'bounce' || !entry.result.delayed);
    expect(missed.map((entry) => entry.file)).toEqual([]);
  });
});

function bouncedAddresses(result: InboundClassification): string[] {
  return result.kind === 'bounce' ? result.recipients.map((recipient) => recipient.address) : [];
}

function printScores(results: CorpusResult[]): void {
  const lines = ['Inbound classification on the corpus (handled / total):'];
  for (const kind of ['bounce', 'complaint', 'auto_reply', 'message'] as const) {
    const inClass = results.filter((entry) => entry.expected === kind);
    const handled = inClass.filter((entry) => entry.result.kind === kind);
    lines.push(`  ${kind.padEnd(10)} ${handled.length} / ${inClass.length}`);
  }
  const bounces = results.flatMap((entry) => (entry.result.kind === 'bounce' ? [entry.result] : []));
  const withAddress = bounces.filter((bounce) => bounce.recipients.length > 0).length;
  lines.push(`  bounces with a recipient address: ${withAddress} / ${bounces.length}`);
  lines.push(
    `  bounces permanent / temporary / delayed: ${bounces.filter((bounce) => bounce.permanent).length} / ${
      bounces.filter((bounce) => !bounce.permanent && !bounce.delayed).length
    } / ${bounces.filter((bounce) => bounce.delayed).length}`,
  );
  lines.push(
    `  Action: delayed warnings found by their delivery-status part: ${results.filter((entry) => entry.delayedWarning).length}`,
  );
  for (const [file, { kind, why }] of Object.entries(CONTENT_OVER_NAME)) {
    lines.push(`  expected ${kind} for bsd/${file} (not bounce): ${why}`);
  }
  for (const entry of results) {
    if (entry.result.kind !== entry.expected) {
      lines.push(`  NOT HANDLED ${entry.file}: expected ${entry.expected}, got ${entry.result.kind}`);
    } else if (entry.result.kind === 'bounce' && entry.result.recipients.length === 0) {
      lines.push(`  NOT HANDLED ${entry.file}: a bounce, but no failed recipient address found in it`);
    }
  }
  console.log(lines.join('\n'));
}

const crlf = (lines: string[]) => lines.join('\r\n');

describe('classifyInbound on small hand-written messages', () => {
  const report = (status: string, action: string) =>
    crlf([
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
      'To: sender@example.com',
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      'Final-Recipient: rfc822; <Kim.Lee@Example.ORG>',
      `Action: ${action}`,
      `Status: ${status}`,
      `Diagnostic-Code: smtp; 550 ${status} user unknown`,
      '',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      'Message-ID: <campaign-42@localreach.example>',
      'To: Kim.Lee@Example.ORG',
      '',
      '--b1--',
      '',
    ]);

  it('reads a 5.1.1 report as a permanent bounce with its recipient and the original Message-ID', async () => {
    const result = await classifyInbound(report('5.1.1', 'failed'));
    expect(result).toEqual({
      kind: 'bounce',
      permanent: true,
      delayed: false,
      recipients: [
        { address: 'kim.lee@example.org', status: '5.1.1', action: 'failed', diagnostic: '550 5.1.1 user unknown' },
      ],
      originalMessageId: '<campaign-42@localreach.example>',
    });
  });

  it('reads a 4.2.2 report as a temporary bounce', async () => {
    const result = await classifyInbound(report('4.2.2', 'failed'));
    expect(result).toMatchObject({ kind: 'bounce', permanent: false, delayed: false });
  });

  it('reads Action: delayed as a delayed, not permanent, bounce', async () => {
    const result = await classifyInbound(report('4.4.7', 'delayed'));
    expect(result).toMatchObject({ kind: 'bounce', permanent: false, delayed: true });
  });

  it('reads an ARF report as a complaint with the recipient and the original Message-ID', async () => {
    const raw = crlf([
      'From: feedback@fbl.example.net',
      'To: abuse@localreach.example',
      'Subject: FW: Report',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="b2"',
      '',
      '--b2',
      'Content-Type: text/plain',
      '',
      'This is an email abuse report.',
      '--b2',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: SomeGenerator/1.0',
      'Version: 1',
      'Original-Mail-From: <campaigns@localreach.example>',
      'Original-Rcpt-To: <Reader@Example.COM>',
      '',
      '--b2',
      'Content-Type: message/rfc822',
      'Content-Disposition: inline',
      '',
      'From: campaigns@localreach.example',
      'To: reader@example.com',
      'Subject: Hello',
      'Message-ID: <campaign-7@localreach.example>',
      '',
      'Hello',
      '--b2--',
      '',
    ]);
    expect(await classifyInbound(raw)).toEqual({
      kind: 'complaint',
      feedbackType: 'abuse',
      recipient: 'reader@example.com',
      originalMessageId: '<campaign-7@localreach.example>',
    });
  });

  it('reads an Auto-Submitted out-of-office reply with its return date', async () => {
    const raw = crlf([
      'From: Kim <kim@example.org>',
      'To: sender@example.com',
      'Subject: Out of Office: Hello',
      'Auto-Submitted: auto-replied',
      '',
      'Thank you for your mail. I am away and I will be back on 2 December 2026.',
      '',
    ]);
    expect(await classifyInbound(raw)).toEqual({ kind: 'auto_reply', returnDate: '2026-12-02' });
  });

  it('reads an ordinary reply as a message with its In-Reply-To id', async () => {
    const raw = crlf([
      'From: Kim <kim@example.org>',
      'To: sender@example.com',
      'Subject: Re: Hello',
      'In-Reply-To: <campaign-42@localreach.example>',
      '',
      'Sounds good, let us talk on Monday.',
      '',
    ]);
    expect(await classifyInbound(raw)).toEqual({
      kind: 'message',
      originalMessageIds: ['<campaign-42@localreach.example>'],
      replyText: 'Sounds good, let us talk on Monday.',
      intent: { priority: 'hot', reason: 'Wants a call or a meeting', unsubscribe: false },
    });
  });

  it('does not throw on input that is no mail at all', async () => {
    expect((await classifyInbound(Buffer.from([0, 255, 13, 10, 13, 10]))).kind).toBe('message');
  });
});

describe('failureSection on hostile mail', () => {
  it('reads 60,000 blank lines at once (the markers of the original ran over them from every line: 26 s)', () => {
    const text = `Delivery failed${' \n'.repeat(60_000)}--- Original message ---\nFrom: a@b.test`;
    const started = performance.now();
    expect(failureSection(text)).toBe(text.slice(0, text.indexOf('---')));
    // Not a speed figure: a bound on the quadratic path, which took seconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('readInbound, the sender', () => {
  it('finds the address of a From written as a group (a colon in an encoded display name makes one)', async () => {
    const source = 'From: =?utf-8?Q?Dana=0D=0ABcc:_x@evil.test?= <Lead@Prospects.test>\r\nSubject: Hi\r\n\r\nYes\r\n';
    expect((await readInbound(source)).envelope.from).toBe('lead@prospects.test');
  });
});

describe('findReturnDate', () => {
  it.each([
    ['I will be back on 2 December 2026.', '2026-12-02'],
    ['Returning on December 2nd, 2026', '2026-12-02'],
    ['I return on 12/02/2026', '2026-12-02'],
    ['Ich bin ab dem 12.02.2026 wieder da, zurück am 12.02.2026', '2026-02-12'],
    ['Back on 2026-12-02', '2026-12-02'],
    ['I am out of the office with no access to mail.', null],
  ])('%s → %s', (text, expected) => {
    expect(findReturnDate(text)).toBe(expected);
  });
});
