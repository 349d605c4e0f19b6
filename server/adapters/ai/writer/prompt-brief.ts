import type { EmailTone, WriterProfile } from './email-writer';
import { midSentenceCase, profileProperNouns } from './prompt-casing';
import { clausesOf, plainText, type Segment } from './prompt-clauses';
import { findMoment } from './prompt-timing';
import {
  AUDIENCE_NOUN,
  actionOf,
  DANGLING,
  type DesiredAction,
  FUNCTION_WORD,
  OBJECT_PRONOUN,
  offerKindOf,
  SHORT_WORD,
  TO_READER,
  TONE_WORDS,
  VAGUE_AUDIENCE,
} from './prompt-words';

/**
 * What a prompt asks for, read the way a person would read an instruction: "a friendly note to families in Austin
 * who might sell their home this spring, offering a free home valuation" is a friendly email, to families who might
 * sell their home, in Austin, this spring, offering a free home valuation. Each part is a whole phrase from the
 * prompt, cased for the middle of a sentence, or null: a part that can't be read whole is left out, never cut.
 */
export type PromptBrief = {
  /** Who it is for; `withoutPlace` drops the place when an opening names it on its own. */
  audience: { phrase: string; withoutPlace: string } | null;
  place: string | null;
  timing: Timing | null;
  /** What the email brings: an offer, an event, news of something new, or a topic. */
  offer: Offer | null;
  /** What else it is about, beside an offer ("life insurance" for "a free quote"). */
  topic: string | null;
  /** What the reader is reminded of or told ("that hurricane season is coming"), seen from the reader's side. */
  message: Message | null;
  action: DesiredAction | null;
  /** The tone the prompt asks for ("a friendly note", "keep it formal"), which wins over the strategy's. */
  tone: EmailTone | null;
  short: boolean;
  /** The sender's facts with a number, as sentences of the email: "I sold 40 homes in Austin last year." */
  facts: string[];
  /** The call or meeting the prompt asks for, with its length: "15-minute call". */
  meeting: string | null;
  /** What the prospect asked about, when the prompt is a reply to them: "the house on Oak Street". */
  question: string | null;
  /** Whether the email follows up with its audience ("Follow up with sellers who came to our open house"). */
  followUp: boolean;
};

/** When the email is for: the time of year ("spring"), as a phrase ("this spring"), and a day or stretch
 * ("on Saturday", "this month") that belongs after the offer. */
export type Timing = { season: string | null; seasonPhrase: string | null; when: string | null };

/** free, discount, event: the offer says so; launch: something new; service: offered, no more said; topic: told about. */
export type OfferKind = 'free' | 'discount' | 'event' | 'launch' | 'service' | 'topic';
export type Offer = { phrase: string; kind: OfferKind };
export type Message = { text: string; form: 'that' | 'to'; reminder: boolean };

/** Longest phrase taken from a prompt: beyond this it is the prompt retold, not a part of it. */
const MAX_WORDS = { audience: 10, offer: 8, message: 12, fact: 24, question: 10 };

export function readPrompt(prompt: string, profile: WriterProfile): PromptBrief {
  const { question, rest } = replyOf(midSentenceCase(plainText(prompt), profileProperNouns(profile)));
  const segments = clausesOf(rest);
  const facts = segments.filter((part) => part.cue === 'statement').flatMap((part) => factOf(part.words) ?? []);
  const meeting = meetingIn(segments.flatMap((part) => part.words));
  const timing = takeTiming(segments);
  const readable = segments.filter((part) => part.role === 'audience' && audienceOf(part.words) !== null);
  // The user is the realtor or the agent: "Insurance agent here", "an email for insurance agents" name the sender.
  const people = readable.filter((part) => !namesSender(part.words));
  const audiences = people.length > 0 ? people : readable.filter((part) => !namesSender(part.words, true));
  const audienceSegment = audiences.find((part) => part.cue === 'ask') ?? audiences[0];
  const placed = [audienceSegment, ...segments.filter((part) => /^(audience|matter|action|aside)$/.test(part.role))]
    .filter((part) => part !== undefined)
    .map((part) => ({ part, found: findPlace(part.words) }))
    .find(({ found }) => found !== null);
  const place = placed?.found?.place ?? null;

  let audience: PromptBrief['audience'] = null;
  const phrase = audienceSegment ? audienceOf(audienceSegment.words) : null;
  if (audienceSegment && phrase) {
    const inAudience = placed?.part === audienceSegment ? placed.found : null;
    const withoutPlace = inAudience
      ? audienceOf([
          ...audienceSegment.words.slice(0, inAudience.start),
          ...audienceSegment.words.slice(inAudience.end),
        ])
      : phrase;
    audience = withoutPlace ? { phrase, withoutPlace } : null;
  }

  const offers = matterOf(segments);
  const offer =
    offers.find((candidate) => ['free', 'discount', 'event'].includes(candidate.kind)) ??
    offers.find((candidate) => candidate.kind === 'launch') ??
    offers.find((candidate) => candidate.kind === 'service') ??
    offers[0] ??
    null;
  const topic =
    offer && offer.kind !== 'topic' && offer.kind !== 'launch'
      ? (offers.find((candidate) => /^(topic|launch)$/.test(candidate.kind) && candidate !== offer)?.phrase ?? null)
      : null;

  return {
    audience,
    place,
    timing,
    offer,
    topic,
    message: messageOf(segments),
    action: actionIn(segments),
    ...styleOf(segments),
    facts,
    meeting: meeting && !offer?.phrase.toLowerCase().includes(meeting) ? meeting : null,
    question,
    followUp: audienceSegment?.cue === 'follow',
  };
}

// --- Facts, meetings, replies --------------------------------------------------------------------------------------

const REPLY_LEAD = /^(?:please )?(?:(?:write|draft|send) (?:a |an )?)?(?:reply|response|answer|respond)(?: to| for)? /;
const ASKED = ['asked about', 'asked me about', 'asking about', 'asks about', 'wants to know about', 'interested in'];

/**
 * A prompt that answers a prospect ("Reply to a buyer who asked about the house on Oak Street: …"): what they asked
 * about, and the rest of the prompt, which says what to answer. Any other prompt is all rest.
 */
function replyOf(text: string): { question: string | null; rest: string } {
  const lower = text.toLowerCase();
  const lead = REPLY_LEAD.exec(lower);
  if (!lead) return { question: null, rest: text };
  const asked = ASKED.map((words) => ({ words, at: lower.indexOf(` ${words} `, lead[0].length - 1) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  if (!asked) return { question: null, rest: text };
  const from = asked.at + asked.words.length + 2;
  const ends = [',', ':', ';', '. '].map((mark) => lower.indexOf(mark, from)).filter((at) => at >= 0);
  const end = ends.length > 0 ? Math.min(...ends) : text.length;
  const question = phraseOf(text.slice(from, end).split(' ').filter(Boolean), MAX_WORDS.question, true);
  return { question, rest: text.slice(end + 1) };
}

const SENDER_ROLE =
  /^(realtors?|agents?|brokers?|advis[eo]rs?|planners?|lenders?|officers?|adjusters?|underwriters?|consultants?)$/;

/** Whether an audience names the sender's own trade ("insurance agent here", "for realtors"), or a singular one. */
function namesSender(words: string[], singularOnly = false): boolean {
  const lower = words.map((word) => word.toLowerCase());
  const head = lower.find((word) => AUDIENCE_NOUN.test(word));
  if (!head || !SENDER_ROLE.test(head)) return false;
  return !singularOnly || !head.endsWith('s') || lower.includes('here');
}

const MEETING_NOUN =
  /^(call|chat|meeting|consultation|consult|conversation|zoom|video|phone|review|walkthrough|tour|session)$/;

/** The call the prompt asks for with its length: "15-minute call", "30 minute zoom call" as "30-minute zoom call". */
function meetingIn(words: string[]): string | null {
  for (let at = 0; at < words.length; at++) {
    const lower = words[at].toLowerCase();
    let length: string | null = null;
    let next = at + 1;
    if (/^\d{1,3}-minutes?$|^(half-hour|one-hour|\d-hour)$/.test(lower)) length = lower.replace(/s$/, '');
    else if (/^\d{1,3}$/.test(lower) && /^(minutes?|min)$/i.test(words[at + 1] ?? '')) {
      length = `${lower}-minute`;
      next = at + 2;
    }
    if (!length) continue;
    for (let end = next; end < Math.min(words.length, next + 3); end++) {
      const word = words[end].toLowerCase();
      if (!/^[a-z]+$/.test(word)) break;
      if (MEETING_NOUN.test(word)) return [length, ...words.slice(next, end + 1).map((w) => w.toLowerCase())].join(' ');
    }
  }
  return null;
}

/** An offer without the call joined onto it: "a free rate quote and a 15-minute call" offers "a free rate quote". */
function withoutMeeting(words: string[]): string[] {
  const at = words.findIndex((word, index) => {
    if (word.toLowerCase() !== 'and') return false;
    const next = /^(a|an)$/i.test(words[index + 1] ?? '') ? index + 2 : index + 1;
    return meetingIn(words.slice(next, next + 5))?.startsWith(`${words[next]?.toLowerCase()}`) === true;
  });
  return at > 0 ? words.slice(0, at) : words;
}

/** A statement of the sender's with a number, as a sentence: "I'm a realtor who sold 40 homes" says "I sold 40 homes". */
function factOf(words: string[]): string | null {
  if (!words.some((word) => /\d/.test(word))) return null;
  let list = words;
  const lower = list.map((word) => word.toLowerCase());
  const who = lower.findIndex((word) => word === 'who' || word === 'that');
  if ((lower[0] === "i'm" || (lower[0] === 'i' && lower[1] === 'am')) && who > 0 && who < 6) {
    const verb = lower[who + 1] === 'has' ? 'have' : lower[who + 1] === 'is' ? 'am' : list[who + 1];
    list = ['I', verb, ...list.slice(who + 2)].filter((word) => word !== undefined);
  }
  const phrase = phraseOf(list, MAX_WORDS.fact, true);
  if (!phrase) return null;
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
}

// --- The parts -----------------------------------------------------------------------------------------------------

/**
 * When the email is for: the first moment that ends a sentence with a time of year ("in August"), else the first
 * time of year at all (the "spring" of "spring open house"), and the first day or stretch ("on Saturday"). Moments
 * that end a sentence leave their segment's words; those in a reminder stay, since the reminder is said whole.
 */
function takeTiming(segments: Segment[]): Timing | null {
  const timing: Timing = { season: null, seasonPhrase: null, when: null };
  let anySeason: string | null = null;
  for (const part of segments) {
    // A statement keeps its own moments: "we sold 40 homes last year".
    if (part.cue === 'statement') continue;
    for (let from = 0, guard = 0; from < part.words.length && guard < 8; guard++) {
      const found = findMoment(part.words.slice(from));
      if (!found) break;
      const { phrase, season } = found.moment;
      // "who came to our open house last Saturday": a past moment is no time for the offer; it leaves the phrase.
      const past = phrase !== null && /^last /i.test(phrase);
      if (!past) anySeason ??= season;
      if (phrase && part.role !== 'message') {
        if (!past && season && !timing.seasonPhrase) Object.assign(timing, { season, seasonPhrase: phrase });
        else if (!past && !season) timing.when ??= phrase;
        part.words.splice(from + found.start, found.end - found.start);
        from += found.start;
      } else {
        from += found.start + 1;
      }
    }
  }
  timing.season ??= anySeason;
  return timing.season || timing.when ? timing : null;
}

const PLACE_PREPOSITION = /^(in|near|around|across|throughout|within)$/i;
const PLACE_LEAD =
  /^(the|downtown|greater|north|south|east|west|central|northern|southern|eastern|western|metro|uptown|midtown)$/i;
// "in Chicago I met at…": "I" names the sender, not a place.
const isPlaceWord = (word: string | undefined) =>
  word !== undefined && /^\p{Lu}[\p{L}'.-]*$/u.test(word) && !/^I($|')/.test(word);

/** A place named with a capital after "in", "near"…: "in Austin", "near Maple Grove", "in Austin, TX". */
function findPlace(words: string[]): { start: number; end: number; place: string } | null {
  for (let start = 0; start < words.length - 1; start++) {
    if (!PLACE_PREPOSITION.test(words[start])) continue;
    let end = start + 1;
    if (PLACE_LEAD.test(words[end]) && isPlaceWord(words[end + 1])) end++;
    const first = end;
    while (isPlaceWord(words[end])) end++;
    if (end === first) continue;
    if (words[end] === ',' && isPlaceWord(words[end + 1]) && !isPlaceWord(words[end + 2])) end += 2;
    return { start, end, place: joinWords(words.slice(start + 1, end)) };
  }
  return null;
}

/** Where an audience's head ends: before its relative clause or place ("families" of "families who…"). */
function headEnd(words: string[]): number {
  const head = words.findIndex((word) => AUDIENCE_NOUN.test(word.toLowerCase()));
  let end = head + 1;
  while (end < words.length && AUDIENCE_NOUN.test(words[end].toLowerCase())) end++;
  return head < 0 ? 0 : end;
}

function audienceOf(words: string[]): string | null {
  const phrase = phraseOf(words, MAX_WORDS.audience);
  if (phrase && VAGUE_AUDIENCE.test(phrase.toLowerCase())) return null;
  if (phrase) return phrase;
  // Too long to keep whole: who it is for, without the clause that describes them.
  const head = words.slice(0, headEnd(words));
  return head.length > 0 ? phraseOf(head, MAX_WORDS.audience) : null;
}

const PARTICLE = /^(by|in|up|over|along|to|for|on|out)$/;
const GENERIC_OBJECT =
  /^(us|me|online|now|today|back|soon|anytime|(a|an|the|our|your) (call|time|appointment|meeting|slot|spot|visit|website|site|page|office|link|number))$/i;

/** Every offer or topic the prompt names, in order: its own clauses, what an ask is for, and an unintroduced phrase. */
function matterOf(segments: Segment[]): Offer[] {
  const found: (Offer & { rank: number })[] = [];
  for (const part of segments) {
    let words = part.words;
    if (part.role === 'action') {
      const verb = words.findIndex((word) => actionOf(word.toLowerCase()));
      if (verb < 0 || verb > 2) continue;
      words = words.slice(verb + 1);
      while (words.length > 0 && PARTICLE.test(words[0].toLowerCase())) words = words.slice(1);
    } else if (part.role !== 'matter') continue;
    while (words.length > 0 && OBJECT_PRONOUN.test(words[0].toLowerCase())) words = words.slice(1);
    words = withoutMeeting(words);
    const phrase = phraseOf(words, MAX_WORDS.offer, true);
    if (!phrase || GENERIC_OBJECT.test(phrase)) continue;
    const kind: OfferKind =
      offerKindOf(phrase.toLowerCase()) ??
      (part.cue === 'launch' || part.cue === 'event'
        ? part.cue
        : /^(our )?new\b/i.test(phrase)
          ? 'launch'
          : part.cue === 'offer'
            ? 'service'
            : 'topic');
    found.push({ phrase, kind, rank: part.cue === 'mention' ? 1 : 0 });
  }
  return found.sort((a, b) => a.rank - b.rank).map(({ phrase, kind }) => ({ phrase, kind }));
}

function messageOf(segments: Segment[]): Message | null {
  const index = segments.findIndex((part) => part.role === 'message');
  if (index < 0) return null;
  const text = phraseOf(segments[index].words, MAX_WORDS.message, true);
  const before = segments[index - 1];
  const reminder = before?.role === 'audience' && before.cue === 'remind';
  return text ? { text, form: segments[index].cue === 'to' ? 'to' : 'that', reminder } : null;
}

/** The first ask in the prompt: "ask them to call us" is a call; "visit our website" is answered by a reply. */
function actionIn(segments: Segment[]): DesiredAction | null {
  for (const part of segments.filter((candidate) => candidate.role === 'action')) {
    const lower = part.words.map((word) => word.toLowerCase());
    const verb = lower.slice(0, 3).find((word) => actionOf(word));
    if (!verb) continue;
    const action = actionOf(verb);
    if (action === 'visit' && lower.some((word) => /^(website|site|page|online|link)$/.test(word))) return 'reply';
    return action;
  }
  return null;
}

function styleOf(segments: Segment[]): { tone: EmailTone | null; short: boolean } {
  const words = segments
    .filter((part) => part.role === 'frame' || part.role === 'style')
    .flatMap((part) => part.words.map((word) => word.toLowerCase()));
  const tone = words.find((word) => Object.hasOwn(TONE_WORDS, word));
  return { tone: tone ? TONE_WORDS[tone] : null, short: words.some((word) => SHORT_WORD.test(word)) };
}

// --- Phrases -------------------------------------------------------------------------------------------------------

/** Words that can be dropped from the end of a phrase without losing it ("families who might" → "families"). */
const DROPPABLE_END = (word: string) =>
  DANGLING.test(word) && !/^(free|new|best|great|quick|few|own|more|most|less)$/.test(word);

/**
 * The words as a phrase, or null: trimmed of clause marks and words that leave it hanging, no longer than `max`
 * words, ending on a word that completes it (never "a free"), and seen from the reader's side when asked.
 */
function phraseOf(words: string[], max: number, toReader = false): string | null {
  let list = words.filter((word) => word !== '.');
  while (list.length > 0 && (list[0] === ',' || /^(and|or|then|also|that|which|so)$/i.test(list[0])))
    list = list.slice(1);
  while (list.length > 0 && (list.at(-1) === ',' || DROPPABLE_END(list.at(-1)?.toLowerCase() ?? ''))) {
    list = list.slice(0, -1);
  }
  const last = list.at(-1)?.toLowerCase();
  if (!last || DANGLING.test(last)) return null;
  const counted = list.filter((word) => word !== ',');
  if (counted.length > max) return null;
  if (!counted.some((word) => /\p{L}{2}/u.test(word) && !FUNCTION_WORD.test(word.toLowerCase()))) return null;
  const seen = toReader
    ? list.map((word) => (Object.hasOwn(TO_READER, word.toLowerCase()) ? TO_READER[word.toLowerCase()] : word))
    : list;
  return joinWords(seen);
}

/** Words joined by single spaces, commas against the word before: "homeowners, landlords and renters". */
function joinWords(words: string[]): string {
  return words.join(' ').replace(/ ,/g, ',').replace(/,(,)+/g, ',').replace(/,$/, '');
}
