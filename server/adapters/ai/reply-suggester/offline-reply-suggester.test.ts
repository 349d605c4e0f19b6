import { describe, expect, it } from 'vitest';
import type { ResponsePriority } from '../../../../contract/responses';
import { OfflineReplySuggester } from './offline-reply-suggester';
import type { ReplySuggestionRequest } from './reply-suggester';

// The offline suggester proposes what the prospect asked for ("call me Tuesday afternoon"), read
// from their reply, in the user's time zone, counted from an injected clock.

const suggester = new OfflineReplySuggester();
/** Monday, November 30, 2026, 9:00 AM in Chicago (15:00 UTC). */
const MONDAY_MORNING = new Date('2026-11-30T15:00:00Z');
const ZONE = 'America/Chicago';

function suggest(
  prospectText: string,
  { priority = 'hot', now = MONDAY_MORNING }: { priority?: ResponsePriority; now?: Date } = {},
): Promise<string> {
  const request: ReplySuggestionRequest = {
    tone: 'professional',
    notes: null,
    priority,
    subject: 'Re: Free home valuation',
    prospectText,
    prospect: { firstName: 'Sam', company: null },
    thread: [],
    profile: {
      firstName: 'Maya',
      lastName: 'Chen',
      companyName: 'Chen Home Group',
      industry: 'Real Estate',
      service: 'Home buying and selling',
      preferredLocalClients: 'First-time buyers in Austin',
    },
    now,
    timeZone: ZONE,
  };
  return suggester.suggest(request);
}

/** Every "Weekday, Month day" the suggestion names. */
const datesIn = (body: string) => [...body.matchAll(/\b[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}\b/g)].map(([date]) => date);

describe('the offline reply suggester answers the day and time the prospect asked for', () => {
  it.each([
    ['Call me Tuesday afternoon.', 'Tuesday, December 1 at 2:00 PM CST'],
    ['Tomorrow at 10 works for me', 'Tuesday, December 1 at 10:00 AM CST'],
    ['Could we do Thursday at 3:30pm?', 'Thursday, December 3 at 3:30 PM CST'],
    ['Friday morning is best for me, I am out the rest of the week.', 'Friday, December 4 at 10:00 AM CST'],
    ['How about next Tuesday at noon?', 'Tuesday, December 8 at 12:00 PM CST'],
    ['Sure, give me a ring on wednesday around 4', 'Wednesday, December 2 at 4:00 PM CST'],
    ['Yes! Today at 2 pm?', 'Monday, November 30 at 2:00 PM CST'],
  ])('%s → %s', async (prospectText, slot) => {
    const body = await suggest(prospectText);
    expect(body).toContain(slot);
    if (prospectText.startsWith('Call me Tuesday afternoon')) {
      expect(body).toContain(
        'Tuesday afternoon suits me well. Shall I call you on Tuesday, December 1 at 2:00 PM CST?',
      );
    }
    // Only the moment asked for: no arbitrary slot on another day, nothing in UTC.
    expect(new Set(datesIn(body))).toEqual(new Set([slot.split(' at ')[0]]));
    expect(body).not.toContain('UTC');
  });

  it('offers days of next week when the prospect says "next week"', async () => {
    const body = await suggest("Let's talk next week, this week is packed.");
    const dates = datesIn(body);
    expect(dates.length).toBeGreaterThanOrEqual(2);
    for (const date of dates)
      expect([
        'Monday, December 7',
        'Tuesday, December 8',
        'Wednesday, December 9',
        'Thursday, December 10',
        'Friday, December 11',
      ]).toContain(date);
  });

  it('keeps to the part of day asked for over next week', async () => {
    const body = await suggest('Next week in the afternoon would be better.');
    expect(body).toMatch(/Monday, December 7 at 2:00 PM CST/);
    expect(body).not.toMatch(/\d:\d\d AM/);
  });

  it('counts "tomorrow" from the day in the user\'s time zone, not in UTC', async () => {
    // 03:30 UTC on Tuesday is still Monday evening in Chicago: tomorrow is Tuesday.
    const body = await suggest('Tomorrow at 3 works.', { now: new Date('2026-12-01T03:30:00Z') });
    expect(body).toContain('Tuesday, December 1 at 3:00 PM CST');
    expect(datesIn(body)).toEqual(['Tuesday, December 1']);
  });

  it('answers a question with a call at the time asked for', async () => {
    const body = await suggest('What would the valuation cost? Call me Wednesday afternoon.', { priority: 'high' });
    expect(body).toContain('Wednesday, December 2 at 2:00 PM CST');
    expect(body).not.toContain('would Tuesday or Wednesday suit you');
  });

  it('follows up when the prospect says to', async () => {
    const body = await suggest('Not now, but get back to me next week.', { priority: 'medium' });
    expect(body).toContain('Monday, December 7');
    expect(body).not.toContain('December 14');
  });

  it("still proposes its own times, in the user's zone, when the prospect names none", async () => {
    const body = await suggest('Sounds great, I would like to talk.');
    expect(body).toContain('- Tuesday, December 1 at 10:00 AM CST\n- Wednesday, December 2 at 2:00 PM CST');
  });

  it('reads a long reply made of day and time words without stalling', async () => {
    const started = performance.now();
    for (const unit of ['tuesday at ', 'next ', 'at 10:', '3:30pm ', 'tomorrow afternoon ']) {
      const body = await suggest(unit.repeat(Math.ceil(20_000 / unit.length)));
      expect(body.length).toBeGreaterThan(0);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
