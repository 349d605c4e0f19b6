import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../../test/writer-prompt-cases';
import { readPrompt } from './prompt-brief';

const read = (prompt: string) => readPrompt(prompt, PROFILES['real estate']);

describe('reading a prompt as an instruction', () => {
  it('finds who, where, when, what and how in the issue’s example', () => {
    expect(
      read(
        'a friendly note to families in Austin who might sell their home this spring, offering a free home valuation',
      ),
    ).toEqual({
      audience: {
        phrase: 'families in Austin who might sell their home',
        withoutPlace: 'families who might sell their home',
      },
      place: 'Austin',
      timing: { season: 'spring', seasonPhrase: 'this spring', when: null },
      offer: { phrase: 'a free home valuation', kind: 'free' },
      topic: null,
      message: null,
      action: null,
      tone: 'friendly',
      short: false,
      facts: [],
      meeting: null,
      question: null,
      followUp: false,
    });
  });

  it('reads the sender apart from the audience, their facts, the call asked for and the question answered', () => {
    const realtor = read(
      "I'm a realtor who sold 40 homes in Austin last year. Write to first-time buyers offering a free home valuation and ask for a 15-minute call.",
    );
    expect(realtor.facts).toEqual(['I sold 40 homes in Austin last year.']);
    expect(realtor.timing).toBeNull();
    expect(realtor.offer).toEqual({ phrase: 'a free home valuation', kind: 'free' });
    expect(realtor.meeting).toBe('15-minute call');
    expect(read('Insurance agent here. Email new homeowners about flood cover').audience?.phrase).toBe(
      'new homeowners',
    );
    expect(read('Realtor writing to young families about our buyer guide').audience?.phrase).toBe('young families');
    const reply = read(
      'Reply to a couple who asked about refinancing: rates are down to 6.1%. Offer a free rate quote and a 15 minute call',
    );
    expect(reply).toMatchObject({
      question: 'refinancing',
      facts: ['Rates are down to 6.1%.'],
      meeting: '15-minute call',
    });
    expect(reply.offer?.phrase).toBe('a free rate quote');
  });

  it('reads imperatives: invite … to, remind … that, tell … about, ask them to', () => {
    const invite = read('Invite homeowners in Maple Grove to our open house on Saturday');
    expect(invite.audience?.phrase).toBe('homeowners in Maple Grove');
    expect(invite.offer).toEqual({ phrase: 'our open house', kind: 'event' });
    expect(invite.timing?.when).toBe('on Saturday');

    const remind = read(
      'Remind small business owners in Tampa that hurricane season is coming and offer a free policy review',
    );
    expect(remind.message).toEqual({ text: 'hurricane season is coming', form: 'that', reminder: true });
    expect(remind.offer).toEqual({ phrase: 'a free policy review', kind: 'free' });
    expect(remind.timing?.season).toBe('hurricane season');

    const tell = read(
      'tell property managers in Dallas about our 24/7 emergency plumbing service, ask them to call us',
    );
    expect(tell.audience?.withoutPlace).toBe('property managers');
    expect(tell.offer).toEqual({ phrase: 'our 24/7 emergency plumbing service', kind: 'topic' });
    expect(tell.action).toBe('call');
  });

  it('turns what the reader is told to the reader’s side', () => {
    expect(read('Remind drivers to renew their policy before it lapses').message).toEqual({
      text: 'renew your policy before it lapses',
      form: 'to',
      reminder: true,
    });
  });

  it('takes the people an offer is made to apart from the offer', () => {
    const brief = read('Offer homeowners a free estimate on new windows. Tone: casual. CTA: book online');
    expect(brief.audience?.phrase).toBe('homeowners');
    expect(brief.offer).toEqual({ phrase: 'a free estimate on new windows', kind: 'free' });
    expect(brief.tone).toBe('casual');
    expect(brief.action).toBe('book');
  });

  it('writes to those asked to act, and keeps a topic beside the offer', () => {
    expect(
      read('flu shots for employees of local companies this October, ask HR managers to reply').audience?.phrase,
    ).toBe('HR managers');
    const brief = read('formal email to families about life insurance, offering a free quote');
    expect([brief.offer?.phrase, brief.topic, brief.tone]).toEqual(['a free quote', 'life insurance', 'professional']);
  });

  it('reads moments as a person would', () => {
    const timing = (prompt: string) => read(prompt).timing;
    expect(timing('free roof check before the winter storms')).toEqual({
      season: 'winter',
      seasonPhrase: 'before the winter storms',
      when: null,
    });
    expect(timing('Spring AC tune-up special for homeowners')).toEqual({
      season: 'spring',
      seasonPhrase: null,
      when: null,
    });
    expect(timing('10% off if they book before March 31')).toEqual({
      season: null,
      seasonPhrase: null,
      when: 'before March 31',
    });
    expect(timing('homeowners, free inspection, spring')?.seasonPhrase).toBe('this spring');
    // "may" and "march" are words before they are months.
    expect(timing('homeowners who may want to march')).toBeNull();
  });

  it('cases phrases for the middle of a sentence, keeping names and acronyms', () => {
    expect(read('Families in austin who need HVAC repairs').audience?.phrase).toBe(
      'families in Austin who need HVAC repairs',
    );
    expect(read('Free Roof Check For Homeowners In Boise').audience?.phrase).toBe('homeowners in Boise');
    expect(read('FREE FLU SHOTS FOR SENIORS').offer?.phrase).toBe('free flu shots');
  });

  it('leaves out a part it cannot read whole rather than cut it', () => {
    expect(read('offering a free').offer).toBeNull();
    expect(read('to families who might').audience?.phrase).toBe('families');
    expect(read('we want more clients for our accounting firm').audience).toBeNull();
  });
});
