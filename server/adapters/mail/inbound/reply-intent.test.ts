import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyInbound } from './classify-inbound';
import { readReplyIntent } from './reply-intent';
import { REPLY_PARSE_LIMIT, replyText } from './reply-text';

describe('reading what a reply asks for', () => {
  it.each([
    ['What would this cost for a shop our size?', 'hot', 'Asks about price'],
    ['Can you send me a quote for the spring?', 'hot', 'Asks about price'],
    ['Sure, give me a call tomorrow morning.', 'hot', 'Wants a call or a meeting'],
    ["I'm free Thursday at 2pm if that works.", 'hot', 'Wants a call or a meeting'],
    ['Sounds interesting, tell me more.', 'high', 'Interested'],
    ['Do you also work with restaurants?', 'high', 'Asks a question'],
    ['Not right now, maybe next quarter.', 'medium', 'Later, or maybe'],
    ['Not interested at the moment, get back to me next year.', 'medium', 'Later, or maybe'],
    ["I'm forwarding this to my colleague who runs marketing.", 'medium', 'Passes it on to someone else'],
    ['Not interested, thanks.', 'other', 'Not interested'],
    ["You've got the wrong person, I left the company.", 'other', 'Wrong person'],
    ['Thanks.', 'medium', 'A reply the rules cannot read: have a look'],
  ])('%s → %s', (text, priority, reason) => {
    expect(readReplyIntent(text)).toEqual({ priority, reason, unsubscribe: false });
  });

  it.each([
    'Please remove me from your list.',
    'Stop emailing me.',
    'Not interested, take me off your list',
    'unsubscribe',
    "Don't contact me again",
  ])('"%s" asks to be unsubscribed', (text) => {
    expect(readReplyIntent(text)).toMatchObject({ priority: 'other', unsubscribe: true });
  });

  it('reads any text without failing, and keeps to the parse limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (text) => {
        const visible = replyText(text);
        expect(visible.length).toBeLessThanOrEqual(REPLY_PARSE_LIMIT);
        expect(['hot', 'high', 'medium', 'other']).toContain(readReplyIntent(visible).priority);
      }),
      { numRuns: 300 },
    );
    expect(replyText(`${' '.repeat(100_000)}Yes please`).length).toBeLessThanOrEqual(REPLY_PARSE_LIMIT);
  });

  it('reads a real reply without its quoted history', async () => {
    const raw = [
      'From: Bob Baker <bob@bakery.test>',
      'To: sam@outreach.test',
      'Subject: Re: A note for Bob’s Bakery',
      'In-Reply-To: <c1-r7@outreach.test>',
      'Message-ID: <reply-1@bakery.test>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Let’s set up a call next Tuesday, I’m free at 10.',
      '',
      'Bob',
      '',
      'On Mon, Nov 23, 2026 at 9:00 AM Sam <sam@outreach.test> wrote:',
      '> Hi Bob, not interested in more customers? Unsubscribe here.',
      '',
    ].join('\r\n');
    const result = await classifyInbound(raw);
    expect(result).toMatchObject({
      kind: 'message',
      originalMessageIds: ['<c1-r7@outreach.test>'],
      intent: { priority: 'hot', reason: 'Wants a call or a meeting', unsubscribe: false },
    });
    expect(result.kind === 'message' && result.replyText).toBe(
      'Let’s set up a call next Tuesday, I’m free at 10.\n\nBob',
    );
  });
});
