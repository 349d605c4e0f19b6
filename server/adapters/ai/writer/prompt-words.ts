import type { EmailTone } from './email-writer';

/**
 * The small vocabulary the offline writer reads prompts with: who an email can be for, when, and what can be done
 * about it. Lower case; one place so the reader (prompt-brief.ts) stays about grammar, not word lists.
 */

/** Head nouns of an audience: "small business owners", "first-time buyers", "families". */
export const AUDIENCE_NOUN =
  /^(famil(y|ies)|parents?|moms?|mothers?|dads?|fathers?|home-?owners?|owners?|buyers?|sellers?|renters?|tenants?|landlords?|investors?|retirees?|seniors?|pensioners?|students?|graduates?|professionals?|doctors?|dentists?|nurses?|physicians?|teachers?|veterans?|couples?|newlyweds?|residents?|neighbou?rs?|people|customers?|clients?|patients?|members?|employees?|employers?|staff|workers?|managers?|directors?|executives?|founders?|businesses|companies|firms?|agents?|realtors?|brokers?|contractors?|drivers?|commuters?|athletes?|entrepreneurs?|freelancers?|households?|locals|adults|women|men|subscribers?|prospects?|guests?|shoppers?|diners?|startups?|retailers?|restaurants?|offices|practices|schools|churches|nonprofits?|organi[sz]ations|caregivers?|folks|everyone|anyone|millennials|boomers)$/;

/** An audience that names no one in particular: the draft is written to "you" anyway. */
export const VAGUE_AUDIENCE = /^(them|they|people|everyone|anyone|folks|you|him|her|us|customers|clients)$/;

/** Words that may stand before an audience's head noun without making it something else ("for our past clients"). */
export const AUDIENCE_LEAD = /^(our|all|the|local|any|every|existing|current|past|former|potential|prospective|new)$/;

/** Words that keep an audience going after its head noun: a relative clause, a place, a group joined on. */
export const AUDIENCE_CONTINUES =
  /^(who|whose|which|that|living|working|looking|planning|thinking|interested|needing|wanting|ready|moving|nearing|turning|approaching|aged|nearby|locally|downtown|and|or|&|,)$/;
export const AUDIENCE_PREPOSITION = /^(in|near|around|across|throughout|within|from|of|on|at|with|without|over|under)$/;

/** Nouns that name the email itself: "a friendly note", "a short email", "an invitation". */
export const FRAME_NOUN =
  /^(e-?mails?|notes?|messages?|letters?|mail|reminders?|invitations?|invites?|intros?|introductions?|announcements?|updates?|newsletters?|pitch|outreach|follow-?ups?|blast|campaign|template|draft|copy)$/;

/** Subjects that state something rather than ask for an email: "We are a roofing company." */
export const STATEMENT_START =
  /^(i|i'm|i’m|we|we're|we’re|we've|it|it's|it’s|they|they're|this|these|there|he|she|you)$/;

/** Words a phrase can't end on: it would stop mid-way ("a free", "families who might"). */
export const DANGLING =
  /^(a|an|the|and|or|but|nor|so|to|for|of|in|on|at|by|with|from|into|onto|about|as|than|that|which|who|whose|whom|where|when|while|if|because|our|your|their|my|his|her|its|this|these|those|some|any|every|each|all|no|not|very|really|just|also|only|own|more|most|less|free|new|best|great|quick|few|might|may|will|would|could|should|can|must|shall|is|are|am|was|were|be|been|being|have|has|had|do|does|did|want|wants|need|needs|plan|plans|planning|looking|like|get|gets|getting|make|makes|please|then|plus|etc|e\.g|i\.e|&|-)$/;

/** Words that say nothing by themselves: a phrase made only of these is empty. */
export const FUNCTION_WORD =
  /^(a|an|the|and|or|but|so|to|for|of|in|on|at|by|with|from|about|as|that|which|who|it|its|this|these|those|them|they|their|we|us|our|you|your|i|me|my|he|she|him|her|is|are|was|were|be|been|do|does|did|have|has|had|will|would|can|could|should|may|might|must|not|no|yes|very|just|also|only|some|any|all|each|every|more|most|less|then|there|here|please|thanks|thank|etc|ok|okay)$/;

/** Possessive and object pronouns seen from the reader's side: "their policy" becomes "your policy". */
export const TO_READER: Record<string, string> = {
  they: 'you',
  them: 'you',
  their: 'your',
  theirs: 'yours',
  themselves: 'yourself',
  "they're": "you're",
  'they’re': 'you’re',
  "they've": "you've",
  "they'll": "you'll",
};

/** What the reader is asked to do: the verb (and its spellings) that asks for it. */
export type DesiredAction = 'call' | 'reply' | 'book' | 'visit';
export const ACTION_VERBS: { pattern: RegExp; action: DesiredAction }[] = [
  { pattern: /^(call|phone|ring)$/, action: 'call' },
  { pattern: /^(book|schedule|reserve|register|claim|request|sign|enroll|enrol)$/, action: 'book' },
  { pattern: /^(visit|attend|join|come|stop|drop|rsvp)$/, action: 'visit' },
  { pattern: /^(reply|respond|answer|contact|email|message|text|write)$/, action: 'reply' },
];
export const actionOf = (verb: string): DesiredAction | null =>
  ACTION_VERBS.find(({ pattern }) => pattern.test(verb))?.action ?? null;

/** Words before "to" that make it part of a phrase, not an ask: "who want to book", "need to call". */
export const WANTING =
  /^(want|wants|wanting|need|needs|needing|plan|plans|planning|hope|hoping|like|love|looking|trying|ready|about|going|able|wish|forgot|forget|time|easy|easier|how|where|when|what)$/;

/** Words before "about" that make it part of a phrase: "thinking about selling", "questions about cover". */
export const ABOUT_BELONGS =
  /^(think|thinks|thinking|thought|worried|worry|worrying|concerned|curious|excited|care|cares|caring|talk|talking|learn|learning|hear|hearing|forget|unsure|serious|nervous|anxious|confused|questions?|dreaming|dream|how|what|bring|set|know)$/;

/** How each kind of offer is recognised, first match first. */
export const OFFER_KINDS: { kind: 'event' | 'discount' | 'free'; pattern: RegExp }[] = [
  {
    kind: 'event',
    pattern:
      /\b(open house|seminar|workshop|webinar|event|party|fair|meetup|meet-and-greet|tasting|info session|information session|q&a|lunch|breakfast|dinner|celebration|grand opening|class|clinic day|open day)\b/,
  },
  { kind: 'discount', pattern: /(\d+\s?%|\$\s?\d+)\s*(off|discount)|\b(discount|sale|deal|special|coupon|rebate)s?\b/ },
  { kind: 'free', pattern: /\b(free|complimentary|no[- ]cost|no[- ]obligation)\b/ },
];

/** Words that name whom an ask is put to, in place of an audience: "ask them to…", "let people know…". */
export const OBJECT_PRONOUN = /^(them|you|him|her|people|everyone|readers|recipients|folks)$/;

/** Offers one books a time for (a valuation, a checkup…), as opposed to one that is simply sent. */
export const BOOKABLE =
  /\b(valuation|appraisal|consultation|consult|review|check|checkup|check-up|inspection|assessment|tune-up|appointment|session|audit|cleaning|exam|screening|trial|lesson|analysis|visit|demo|tour|showing|viewing|evaluation|shot|test)s?\b/;

export function offerKindOf(text: string): (typeof OFFER_KINDS)[number]['kind'] | null {
  return OFFER_KINDS.find(({ pattern }) => pattern.test(text))?.kind ?? null;
}

/** Words that ask for a tone: "a friendly note", "keep it formal". */
export const TONE_WORDS: Record<string, EmailTone> = {
  friendly: 'friendly',
  warm: 'friendly',
  upbeat: 'friendly',
  cheerful: 'friendly',
  personal: 'friendly',
  casual: 'casual',
  relaxed: 'casual',
  informal: 'casual',
  'laid-back': 'casual',
  chatty: 'casual',
  fun: 'casual',
  playful: 'casual',
  formal: 'professional',
  professional: 'professional',
  polite: 'professional',
  businesslike: 'professional',
  respectful: 'professional',
};
/** Words that ask for a short email. */
export const SHORT_WORD = /^(short|brief|quick|concise|succinct|punchy)$/;
