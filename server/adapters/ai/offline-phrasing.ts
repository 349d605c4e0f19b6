import type { EmailTone } from './writer/email-writer';
import type { OfferKind } from './writer/prompt-brief';
import type { DesiredAction } from './writer/prompt-words';

/**
 * The offline writers' sentences, by tone. Each slot has a few phrasings; the prompt picks one, so different prompts
 * read differently and the same prompt always reads the same. Only the call to action asks anything: every other
 * sentence states, so a draft has one clear ask.
 */

/** How each tone greets and signs off (the offline reply suggester signs off the same way). */
export const TONES: Record<EmailTone, { greeting: string; signOff: string }> = {
  professional: { greeting: 'Dear', signOff: 'Best regards,' },
  friendly: { greeting: 'Hi', signOff: 'Warm wishes,' },
  casual: { greeting: 'Hey', signOff: 'Cheers,' },
};

/** A draft greets a lead who may have no first name, so "Dear there" is never written: "Hello there" is. */
export const DRAFT_GREETING: Record<EmailTone, string> = { professional: 'Hello', friendly: 'Hi', casual: 'Hey' };

type Phrasings<A extends unknown[] = [string]> = Record<EmailTone, ((...args: A) => string)[]>;

/** "With spring around the corner": what the opening says of the time of year. */
export const SEASON_LEAD: Phrasings = {
  professional: [(season) => `As ${season} approaches`, (season) => `With ${season} approaching`],
  friendly: [(season) => `With ${season} around the corner`, (season) => `As ${season} gets closer`],
  casual: [(season) => `With ${season} almost here`, (season) => `With ${season} coming up`],
};

/** "I'm reaching out to families who might sell their home". */
export const REACH_OUT: Phrasings = {
  professional: [(who) => `I am writing to ${who}`, (who) => `I am reaching out to ${who}`],
  friendly: [(who) => `I'm reaching out to ${who}`, (who) => `I wanted to write to ${who}`],
  casual: [(who) => `I'm reaching out to ${who}`, (who) => `I'm writing to ${who}`],
};

/** A reply's opening: what the prospect asked about ("Thank you for asking about the house on Oak Street."). */
export const THANKS_FOR_ASKING: Phrasings = {
  professional: [
    (topic) => `Thank you for asking about ${topic}.`,
    (topic) => `Thank you for your question about ${topic}.`,
  ],
  friendly: [
    (topic) => `Thanks so much for asking about ${topic}.`,
    (topic) => `Thanks for your question about ${topic}.`,
  ],
  casual: [(topic) => `Thanks for asking about ${topic}.`, (topic) => `Good question about ${topic}.`],
};

/** "I'm following up with sellers who came to our open house": the opening of a follow-up. */
export const FOLLOW_UP: Phrasings = {
  professional: [(who) => `I am following up with ${who}`, (who) => `I am writing again to ${who}`],
  friendly: [(who) => `I'm following up with ${who}`, (who) => `I wanted to check back in with ${who}`],
  casual: [(who) => `Just following up with ${who}`, (who) => `Checking back in with ${who}`],
};

/** Who the sender is: [name and company, name, company]. */
export const SENDER: Record<
  EmailTone,
  {
    both: (name: string, company: string) => string;
    name: (name: string) => string;
    company: (company: string) => string;
  }
> = {
  professional: {
    both: (name, company) => `My name is ${name} from ${company}`,
    name: (name) => `My name is ${name}`,
    company: (company) => `I am writing on behalf of ${company}`,
  },
  friendly: {
    both: (name, company) => `I'm ${name} from ${company}`,
    name: (name) => `I'm ${name}`,
    company: (company) => `I'm writing from ${company}`,
  },
  casual: {
    both: (name, company) => `I'm ${name} from ${company}`,
    name: (name) => `I'm ${name}`,
    company: (company) => `I'm with ${company}`,
  },
};

/** The offer itself, by what kind of offer it is. */
export const OFFER: Record<OfferKind, Phrasings> = {
  free: {
    professional: [
      (offer) => `I would be glad to offer you ${offer}.`,
      (offer) => `We are currently offering ${offer}.`,
    ],
    friendly: [(offer) => `I'd love to offer you ${offer}.`, (offer) => `We're happy to offer you ${offer}.`],
    casual: [(offer) => `We've got ${offer} for you.`, (offer) => `We're doing ${offer}.`],
  },
  discount: {
    professional: [(offer) => `We are currently offering ${offer}.`, (offer) => `We are pleased to offer ${offer}.`],
    friendly: [(offer) => `We're offering ${offer}.`, (offer) => `You can now get ${offer}.`],
    casual: [(offer) => `You can grab ${offer}.`, (offer) => `We're doing ${offer}.`],
  },
  event: {
    professional: [
      (offer) => `I would like to invite you to ${offer}.`,
      (offer) => `It would be a pleasure to welcome you to ${offer}.`,
    ],
    friendly: [(offer) => `I'd love to invite you to ${offer}.`, (offer) => `We'd love to see you at ${offer}.`],
    casual: [(offer) => `You're invited to ${offer}!`, (offer) => `We'd love to have you at ${offer}.`],
  },
  launch: {
    professional: [(offer) => `I am pleased to introduce ${offer}.`, (offer) => `I would like to introduce ${offer}.`],
    friendly: [(offer) => `I'm excited to share ${offer} with you.`, (offer) => `I wanted to introduce ${offer}.`],
    casual: [(offer) => `Big news: we've launched ${offer}.`, (offer) => `Quick news: we've just launched ${offer}.`],
  },
  service: {
    professional: [(offer) => `We can offer you ${offer}.`, (offer) => `We would be glad to provide ${offer}.`],
    friendly: [(offer) => `We can offer you ${offer}.`, (offer) => `We'd be happy to set you up with ${offer}.`],
    casual: [(offer) => `We can get you ${offer}.`, (offer) => `We can sort you out with ${offer}.`],
  },
  topic: {
    professional: [
      (topic) => `I would like to tell you about ${topic}.`,
      (topic) => `I wanted to share a few words about ${topic}.`,
    ],
    friendly: [(topic) => `I wanted to tell you about ${topic}.`, (topic) => `I'd love to tell you about ${topic}.`],
    casual: [(topic) => `Quick one about ${topic}.`, (topic) => `I wanted to tell you about ${topic}.`],
  },
};

/** Without an offer in the prompt: what the sender's service could do. */
export const SERVICE_OFFER: Phrasings = {
  professional: [(service) => `I would welcome the chance to show you how we can help with ${service}.`],
  friendly: [(service) => `I'd love to show you how we could help with ${service}.`],
  casual: [(service) => `Happy to show you how we can help with ${service}.`],
};

/** One sentence on why the offer is worth a look; `service` is the sender's, or null. */
export const BENEFIT: Record<OfferKind, Phrasings<[string | null]>> = {
  free: {
    professional: [() => 'There is no cost and no commitment.', () => 'It comes at no cost and with no obligation.'],
    friendly: [
      () => "It costs nothing, and there's no pressure to go any further.",
      () => "There's no cost and no catch.",
    ],
    casual: [() => 'No cost, no catch.', () => "It costs nothing, and there's no pressure."],
  },
  discount: {
    professional: [() => 'It is a good moment to have this taken care of for less.'],
    friendly: [() => "It's a great moment to get it done for less."],
    casual: [() => 'A good excuse to get it done for less.'],
  },
  event: {
    professional: [() => 'It is a relaxed opportunity to meet our team and ask any questions you may have.'],
    friendly: [() => "It's a relaxed way to meet the team and ask anything you like."],
    casual: [() => "It's laid-back, and you can ask us anything."],
  },
  launch: {
    professional: [
      (service) =>
        service ? `It builds on our experience in ${service}.` : 'It is designed to make things simpler for you.',
    ],
    friendly: [
      (service) =>
        service
          ? `It builds on everything we've learned in ${service}.`
          : "It's designed to make things simpler for you.",
    ],
    casual: [() => 'It makes things a lot simpler.'],
  },
  service: {
    professional: [() => 'It is straightforward, and there is no commitment.'],
    friendly: [() => "It's simple, and there's no commitment."],
    casual: [() => 'Simple, and no strings attached.'],
  },
  topic: {
    professional: [() => 'I believe it could be worthwhile for you.'],
    friendly: [() => 'I think it could be really useful for you.'],
    casual: [() => 'Could be handy for you.'],
  },
};

/** The ask when the prompt names the call it wants ("a 15-minute call"): `meeting` comes with its article. */
export const MEETING_ASK: Phrasings = {
  professional: [
    (meeting) => `Would you be available for ${meeting} this week?`,
    (meeting) => `Could we arrange ${meeting} this week?`,
  ],
  friendly: [
    (meeting) => `Would you be up for ${meeting} this week?`,
    (meeting) => `Could we set up ${meeting} this week?`,
  ],
  casual: [(meeting) => `Up for ${meeting} this week?`, (meeting) => `Got time for ${meeting} this week?`],
};

/**
 * The one ask that ends a draft. `thing` is the free offer as the reader's own ("your free home valuation"), or null:
 * what a booking is for, or what a reply brings.
 */
export const CALL_TO_ACTION: Record<DesiredAction, Phrasings<[string | null]>> = {
  book: {
    professional: [
      (thing) => `Would you like to book ${thing ?? 'a time'}? Simply reply with a day and time that suit you.`,
      (thing) => `If you would like to book ${thing ?? 'a time'}, simply reply with a day that suits you.`,
    ],
    friendly: [
      (thing) => `Would you like to book ${thing ?? 'a time'}? Just reply with a day that suits you.`,
      (thing) => `Want to book ${thing ?? 'a time'}? Just reply with a day that works for you.`,
    ],
    casual: [
      (thing) => `Want to book ${thing ?? 'a time'}? Just hit reply with a day that works.`,
      (thing) => `Up for it? Hit reply with a day that works and I'll book ${thing ?? 'a time'}.`,
    ],
  },
  call: {
    professional: [
      () => 'Would you be available for a 15-minute call this week?',
      () => 'Could we arrange a short call this week to talk it through?',
    ],
    friendly: [
      () => 'Would you be up for a quick call this week?',
      () => 'Could we have a quick chat on the phone this week?',
    ],
    casual: [() => 'Up for a quick call this week?', () => 'Got ten minutes for a call this week?'],
  },
  reply: {
    professional: [
      (thing) =>
        thing
          ? `If you would like to receive ${thing}, simply reply to this email and I will send it over.`
          : 'If this is of interest, simply reply to this email and I will send you the details.',
      (thing) =>
        thing
          ? `Would you like ${thing}? Simply reply to this email and I will arrange it.`
          : 'If you would like to know more, simply reply to this email.',
    ],
    friendly: [
      (thing) =>
        thing
          ? `Would you like ${thing}? Just reply to this email and I'll send it over.`
          : "If that sounds useful, just reply to this email and I'll take it from there.",
      (thing) =>
        thing
          ? `Just reply to this email and I'll send over ${thing}.`
          : "Just reply to this email if you'd like to hear more.",
    ],
    casual: [
      (thing) => (thing ? `Want ${thing}? Just hit reply.` : 'Interested? Just hit reply.'),
      (thing) => (thing ? `Hit reply and I'll send over ${thing}.` : "Sound good? Hit reply and I'll fill you in."),
    ],
  },
  visit: {
    professional: [
      () => 'Would you like to attend? Simply reply to this email and I will reserve a place for you.',
      () => 'If you would like to join us, simply reply to this email and I will save you a place.',
    ],
    friendly: [
      () => "Can you make it? Just reply and I'll save you a spot.",
      () => "Would you like to come? Just reply and I'll save you a spot.",
    ],
    casual: [
      () => "Coming? Hit reply and I'll save you a spot.",
      () => "Can you make it? Hit reply and I'll save you a spot.",
    ],
  },
};
