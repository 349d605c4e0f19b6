import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../../test/writer-prompt-cases';
import { OfflineWriter } from './offline-writer';

// The offline writer uses the prompt's facts (its numbers, durations, offers, audience). The user
// is the realtor, agent or planner: the prompt tells who they are and whom they write to, and the draft keeps both
// apart. Each prompt lists every fact its draft must carry, as the reader would find it in the email.

type FactCase = {
  kind: string;
  industry: 'real estate' | 'insurance' | 'finance';
  prompt: string;
  facts: string[];
  /** What the draft must not say: the sender taken for the audience, a past day given to the offer. */
  never?: RegExp;
};

const CASES: FactCase[] = [
  {
    kind: 'realtor, first touch',
    industry: 'real estate',
    prompt:
      "I'm a realtor who sold 40 homes in Austin last year. Write to first-time buyers in Austin offering a free home valuation and ask for a 15-minute call.",
    facts: ['40 homes', 'free home valuation', 'first-time buyers in Austin', '15-minute call'],
    never: /valuation last year/i,
  },
  {
    kind: 'realtor, follow-up',
    industry: 'real estate',
    prompt:
      'Follow up with sellers in Round Rock who came to our open house last Saturday. Mention we sold 12 homes in their neighborhood this year and offer a free market report.',
    facts: ['sellers in Round Rock', '12 homes in your neighborhood', 'free market report'],
    never: /report last Saturday/i,
  },
  {
    kind: 'realtor, reply',
    industry: 'real estate',
    prompt:
      'Reply to a buyer who asked about the house on Oak Street: it has 3 bedrooms and a 2-car garage, listed at $425,000. Offer a private showing this weekend.',
    facts: ['Oak Street', '3 bedrooms', '2-car garage', '$425,000', 'private showing'],
  },
  {
    kind: 'insurance agent, first touch',
    industry: 'insurance',
    prompt:
      'Insurance agent here. Write to new homeowners in Tampa offering a free policy review, and mention I can save families an average of $500 a year.',
    facts: ['new homeowners in Tampa', 'free policy review', '$500 a year'],
    never: /(to|for) insurance agents/i,
  },
  {
    kind: 'insurance, first touch, written for the agent',
    industry: 'insurance',
    prompt:
      "Email for insurance agents: reach out to small business owners in Orlando about liability coverage, we've helped 200 local businesses, ask for a 10-minute call",
    facts: ['small business owners in Orlando', 'liability coverage', '200 local businesses', '10-minute call'],
    never: /(to|for) insurance agents/i,
  },
  {
    kind: 'insurance, follow-up',
    industry: 'insurance',
    prompt:
      'Follow-up to families in Tampa who got a quote last month: rates go up on January 1. Offer a 15% discount for bundling home and auto, ask them to call me.',
    facts: ['families in Tampa', 'January 1', '15% discount for bundling home and auto', 'call'],
    never: /auto last month/i,
  },
  {
    kind: 'realtor writing an insurance email',
    industry: 'real estate',
    prompt:
      'Realtor writing to recent home buyers in Austin about home insurance, offer a free 20-minute insurance check',
    facts: ['recent home buyers in Austin', 'home insurance', 'free 20-minute insurance check'],
    never: /(to|for) realtors?\b|realtor writing/i,
  },
  {
    kind: 'financial planner, first touch',
    industry: 'finance',
    prompt:
      'Invite retirees in Naples to our free retirement income workshop on May 14. I have 25 years of experience as a financial planner. Seats are limited to 30.',
    facts: [
      'retirees in Naples',
      'free retirement income workshop',
      'May 14',
      '25 years of experience',
      'limited to 30',
    ],
  },
  {
    kind: 'finance, follow-up',
    industry: 'finance',
    prompt:
      'Follow up with small business owners in Chicago I met at the chamber breakfast, offer a free 30-minute cash flow review',
    facts: ['small business owners in Chicago', 'free 30-minute cash flow review'],
    never: /Chicago I\b/,
  },
  {
    kind: 'mortgage, reply',
    industry: 'finance',
    prompt:
      'Reply to a couple who asked about refinancing: rates are down to 6.1% and we closed 150 refinances last year. Offer a free rate quote and a 15-minute call.',
    facts: ['refinancing', '6.1%', '150 refinances', 'free rate quote', '15-minute call'],
  },
];

const writer = new OfflineWriter();
/** The draft as the reader sees it: subject and paragraphs, tags out, entities decoded. */
const textOf = ({ subject, body }: { subject: string; body: string }) =>
  `${subject}\n${body
    .replace(/<br>/g, '\n')
    .replace(/<\/p>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')}`;

describe('the offline writer keeps every fact of the prompt', () => {
  it('covers ten prompts: realtor, insurance and finance; first touch, follow-up and reply', () => {
    expect(CASES).toHaveLength(10);
    expect(new Set(CASES.map(({ industry }) => industry))).toEqual(new Set(['real estate', 'insurance', 'finance']));
    for (const kind of ['first touch', 'follow-up', 'reply'])
      expect(CASES.some((c) => c.kind.includes(kind))).toBe(true);
  });

  const tones = ['professional', 'friendly', 'casual'] as const;
  it.each(CASES.flatMap((testCase) => tones.map((tone) => [testCase.kind, tone, testCase] as const)))(
    '%s (%s)',
    async (_, tone, { industry, prompt, facts, never }) => {
      const draft = await writer.draft({ prompt, profile: PROFILES[industry], tone, notes: null });
      const text = textOf(draft);
      const missing = facts.filter((fact) => !text.toLowerCase().includes(fact.toLowerCase()));
      expect(missing, text).toEqual([]);
      if (never) expect(text).not.toMatch(never);
      // A follow-up says so; a reply thanks for the question.
      if (/^follow/i.test(prompt)) expect(text).toMatch(/following up with|check(ing)? back in with|writing again to/i);
      if (/^reply/i.test(prompt)) expect(text).toMatch(/(asking|question) about/i);
      // Still an email, not the prompt: no instruction words, complete sentences, a sendable subject.
      expect(text).not.toMatch(/\b(write an? (email|note)|mention|follow up with|reply to a|ask for|ask them)\b/i);
      expect(draft.subject.length).toBeLessThanOrEqual(78);
      for (const paragraph of draft.body.match(/<p>[^<]+/g)?.slice(1) ?? []) expect(paragraph).toMatch(/[.!?,]$/);
    },
  );

  it('asks for the call the prompt names, with its length', async () => {
    const draft = await writer.draft({
      prompt: CASES[0].prompt,
      profile: PROFILES['real estate'],
      tone: 'friendly',
      notes: null,
    });
    const paragraphs = draft.body.match(/<p>[^<]+/g) ?? [];
    expect(paragraphs.at(-2)).toContain('15-minute call');
  });
});
