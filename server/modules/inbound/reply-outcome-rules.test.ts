import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLY_OUTCOMES } from '../../../contract/reply-outcomes';
import { CORPUS_RECEIVED_AT, type CorpusReply, REPLY_CORPUS } from './reply-outcome-corpus';
import { replyOutcomeByRules } from './reply-outcome-rules';

const read = (reply: CorpusReply) =>
  replyOutcomeByRules({
    subject: reply.subject,
    text: reply.text,
    receivedAt: new Date(reply.receivedAt ?? CORPUS_RECEIVED_AT),
    autoSubmitted: reply.autoSubmitted,
  });

const results = REPLY_CORPUS.map((reply) => ({ reply, read: read(reply) }));
const day = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : date);

describe('the offline rules for a reply’s outcome, on our corpus', () => {
  it('holds at least 80 replies, covering every outcome', () => {
    expect(REPLY_CORPUS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(REPLY_CORPUS.map((reply) => reply.outcome))).toEqual(new Set(REPLY_OUTCOMES));
    expect(new Set(REPLY_CORPUS.map((reply) => reply.id)).size).toBe(REPLY_CORPUS.length);
  });

  it('gets at least 90% of the outcomes right', () => {
    const wrong = results.filter(({ reply, read }) => read.outcome !== reply.outcome);
    const right = results.length - wrong.length;
    console.info(
      `reply outcome rules: ${right}/${results.length} right (${((100 * right) / results.length).toFixed(1)}%)`,
      wrong.map(({ reply, read }) => `${reply.id}: expected ${reply.outcome}, got ${read.outcome}`),
    );
    expect(right / results.length).toBeGreaterThanOrEqual(0.9);
  });

  it('finds every unsubscribe request, and takes no other reply for one', () => {
    const missed = results.filter(
      ({ reply, read }) => reply.outcome === 'unsubscribe_request' && read.outcome !== 'unsubscribe_request',
    );
    const falseOptOuts = results.filter(
      ({ reply, read }) => reply.outcome !== 'unsubscribe_request' && read.outcome === 'unsubscribe_request',
    );
    const requests = results.filter(({ reply }) => reply.outcome === 'unsubscribe_request').length;
    console.info(
      `unsubscribe requests: ${requests - missed.length}/${requests} found, ${falseOptOuts.length} false opt-outs`,
    );
    expect(missed.map(({ reply }) => reply.id)).toEqual([]);
    expect(falseOptOuts.map(({ reply }) => reply.id)).toEqual([]);
  });

  it('reads the return date of each absence notice, or none when it gives none', () => {
    const absences = results.filter(({ reply }) => reply.outcome === 'out_of_office');
    expect(absences.length).toBeGreaterThanOrEqual(12);
    expect(absences.map(({ reply, read }) => [reply.id, day(read.returnDate)])).toEqual(
      absences.map(({ reply }) => [reply.id, reply.returnDate]),
    );
  });

  it('reads the person a wrong-person reply sends us to', () => {
    const wrongPeople = results.filter(({ reply }) => reply.outcome === 'wrong_person');
    expect(wrongPeople.filter(({ reply }) => reply.referral).length).toBeGreaterThanOrEqual(6);
    expect(wrongPeople.map(({ reply, read }) => [reply.id, read.referral])).toEqual(
      wrongPeople.map(({ reply }) => [reply.id, reply.referral]),
    );
  });
});

describe('the offline rules on their own', () => {
  const receivedAt = new Date(CORPUS_RECEIVED_AT);
  const absence = (text: string, at = receivedAt) =>
    day(replyOutcomeByRules({ subject: 'Automatic reply', text, receivedAt: at, autoSubmitted: true }).returnDate);

  it('reads return dates in the formats absence notices use, relative to when they came in', () => {
    expect(absence('I am out of the office, back on Monday 3 August.')).toBe('2026-08-03');
    expect(absence('Out of office until 12/03/2026.')).toBe('2026-03-12');
    // Month first when the day-first reading is long past.
    expect(absence('Out of office until 03/12/2026.', new Date('2026-03-05T10:00:00Z'))).toBe('2026-03-12');
    expect(absence('I am away, returning April 2nd.')).toBe('2026-04-02');
    expect(absence('Ich bin im Urlaub und ab dem 7.4. wieder im Büro.')).toBe('2026-04-07');
    expect(absence('Je suis en congés, de retour le 1er avril.')).toBe('2026-04-01');
    expect(absence('Estoy de vacaciones hasta el 5 de abril de 2026.')).toBe('2026-04-05');
    expect(absence('Estou de férias até 10/04.')).toBe('2026-04-10');
    expect(absence('I am out of the office from 3 March to 14 March.')).toBe('2026-03-14');
    expect(absence('I am on leave, back on January 8th.', new Date('2026-12-28T10:00:00Z'))).toBe('2027-01-08');
    expect(absence('Away at a conference, back Thursday 5th.')).toBe('2026-03-05');
    expect(absence('I am on holiday until the 1st.', new Date('2026-03-20T10:00:00Z'))).toBe('2026-04-01');
    expect(absence('I am out of the office for the 3 days of the fair. Call 555-0100 or 12.30 pm.')).toBe(null);
  });

  it('does not take our own unsubscribe footer in the quoted history for an opt-out', () => {
    const text = 'Sounds good, send details.\n\nOn Mon, Sam wrote:\n> Not interested? Reply "stop" or unsubscribe.';
    expect(replyOutcomeByRules({ subject: 'Re: hi', text, receivedAt }).outcome).toBe('interested');
  });

  it('takes an address the prospect gives for themselves, or an absence notice’s stand-in, for no referral', () => {
    const outcome = (text: string, autoSubmitted = false) =>
      replyOutcomeByRules({ subject: 'Re: hi', text, receivedAt, autoSubmitted }).outcome;
    expect(outcome('Sure, email me at bob@bakery.test with the details.')).toBe('interested');
    expect(outcome('I am out of the office until 9 March. Please contact maria@shop.test.', true)).toBe(
      'out_of_office',
    );
    expect(outcome('Please contact maria@shop.test about this, she runs our marketing.')).toBe('wrong_person');
    expect(outcome('I am on holiday this week, but no thanks, we are all set.')).toBe('not_interested');
  });

  it('gives a wrong-person outcome without a referral when the reply names no address', () => {
    expect(replyOutcomeByRules({ subject: 'Re: hi', text: 'Wrong person, sorry.', receivedAt })).toEqual({
      outcome: 'wrong_person',
    });
  });

  it('returns a valid outcome for any text, and handles long pathological text through its cap', () => {
    // Short strings and strings near the 20,000-character bound alike, some made of the pieces the patterns read.
    const text = fc.oneof(
      fc.string({ maxLength: 20_000 }),
      fc.string({ maxLength: 20_000, size: 'max' }),
      fc.string({
        unit: fc.constantFrom('a', ' ', '\n', '>', ':', '@', '.', '1', '/', 'é', 'wrote', 'back ', 'Maria ', 'stop'),
        maxLength: 20_000,
        size: 'max',
      }),
    );
    fc.assert(
      fc.property(text, fc.string({ maxLength: 200 }), fc.boolean(), (body, subject, autoSubmitted) => {
        const result = replyOutcomeByRules({ subject, text: body, receivedAt, autoSubmitted });
        expect(REPLY_OUTCOMES).toContain(result.outcome);
      }),
      { numRuns: 200 },
    );
    for (const pathological of [
      `${'a'.repeat(100_000)}!`,
      `${' '.repeat(100_000)}x`,
      `${'1.'.repeat(50_000)}`,
      `${'back on '.repeat(20_000)}`,
      `${'a@a.'.repeat(25_000)}`,
      `${'Maria '.repeat(20_000)}maria@x.test`,
    ]) {
      expect(REPLY_OUTCOMES).toContain(
        replyOutcomeByRules({ subject: pathological, text: pathological, receivedAt, autoSubmitted: true }).outcome,
      );
    }
  });
});
