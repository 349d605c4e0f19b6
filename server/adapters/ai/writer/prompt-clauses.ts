import { findMoment } from './prompt-timing';
import {
  ABOUT_BELONGS,
  AUDIENCE_CONTINUES,
  AUDIENCE_LEAD,
  AUDIENCE_NOUN,
  AUDIENCE_PREPOSITION,
  actionOf,
  FRAME_NOUN,
  FUNCTION_WORD,
  OBJECT_PRONOUN,
  offerKindOf,
  SHORT_WORD,
  STATEMENT_START,
  TONE_WORDS,
  WANTING,
} from './prompt-words';

/**
 * A prompt read into clauses, the way a person reads an instruction: "a friendly note | to families in Austin who
 * might sell their home this spring | offering a free home valuation" is the email, whom it is for, and what it
 * brings. The words that start a clause ("to", "for", "offering", "invite", "remind … that", "ask them to"…) are
 * cues; what they introduce runs to the next cue or the end of the sentence.
 */

export type Role = 'lead' | 'frame' | 'audience' | 'matter' | 'message' | 'action' | 'style' | 'aside';
/** A run of the prompt's words with one job; `cue` says what introduced it ("invite", "offer", "that"…). */
export type Segment = { role: Role; cue: string; words: string[]; label?: boolean };
type Cue = { role: Role; cue: string; length: number };

/** The prompt as words and clause marks: markup, quotes and stray symbols out, lines and dashes as clause breaks. */
export function plainText(prompt: string): string {
  return (
    prompt
      .replace(/<[^>]*>/g, ' ')
      // Emoji and symbols say nothing a sentence can use.
      .replace(/[^\p{L}\p{N}\s.,;:!?'’‘%$&/+()–—-]/gu, ' ')
      // Dots in a row end a clause, even inside a word ("AA..0"): a word keeps single dots only ("U.S.", "3.5%").
      .replace(/\.{2,}/g, '. ')
      .replace(/\s*[\r\n]+\s*/g, '. ')
      .replace(/\s[-–—]+\s|[–—]/g, ', ')
      .replace(/[’‘]/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}

// "$425,000" is one word: a comma inside a number stays in it.
const TOKEN = /[\p{L}\p{N}$](?:[\p{L}\p{N}'&%/+.$()-]|,(?=\d{3}))*|[,.;:!?]/gu;

function tokenise(text: string): string[] {
  const tokens: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    if (/^[.;!?]$/.test(token)) tokens.push('.');
    else if (token === ',' || token === ':') tokens.push(token);
    else {
      // "401(k)" keeps its brackets; a bracket left open or closed alone goes (before the trailing marks are
      // taken off, so that "AA.)" ends in a clause mark, not in "AA.").
      const balanced = (token.match(/\(/g)?.length ?? 0) === (token.match(/\)/g)?.length ?? 0);
      const bracketed = balanced ? token : token.replace(/[()]/g, '');
      const trailing = bracketed.match(/[.'&/+$(-]+$/)?.[0] ?? '';
      const word = bracketed.slice(0, bracketed.length - trailing.length);
      if (word) tokens.push(word);
      if (trailing.includes('.')) tokens.push('.');
    }
  }
  return tokens;
}

const CONNECTOR = /^(and|then|also|plus|but|or|while|by|,)$/;
const FRAME_VERB =
  /^(?:(?:can|could|would) you |help me |(?:i|we) (?:need|want|would like|'d like) (?:you )?to |let's )?(?:please )?(?:write|draft|compose|create|send|generate|make|prepare|craft|put together|give me|do)(?: me| us| out| up)?(?= |$)/;
const VERB_CUES: { base: RegExp; ing: RegExp; role: Role; cue: string }[] = [
  {
    base: /^(offer|give|provide|include|feature|promote|advertise|pitch|present)$/,
    ing: /^(offering|giving|providing|including|featuring|promoting|advertising|pitching|presenting)$/,
    role: 'matter',
    cue: 'offer',
  },
  {
    base: /^(share|highlight|mention|explain)$/,
    ing: /^(sharing|highlighting|mentioning|explaining)$/,
    role: 'matter',
    cue: 'mention',
  },
  {
    base: /^(announce|introduce|launch|unveil)$/,
    ing: /^(announcing|introducing|launching|unveiling)$/,
    role: 'matter',
    cue: 'launch',
  },
  {
    base: /^(host|hold|throw|organi[sz]e)$/,
    ing: /^(hosting|holding|throwing|organi[sz]ing)$/,
    role: 'matter',
    cue: 'event',
  },
  { base: /^invite$/, ing: /^inviting$/, role: 'audience', cue: 'invite' },
  { base: /^remind$/, ing: /^reminding$/, role: 'audience', cue: 'remind' },
  {
    base: /^(tell|inform|notify|alert|warn|assure|reassure)$/,
    ing: /^(telling|informing|notifying|alerting|warning|assuring|reassuring)$/,
    role: 'audience',
    cue: 'tell',
  },
  { base: /^let$/, ing: /^letting$/, role: 'audience', cue: 'let' },
  {
    base: /^(ask|encourage|urge|persuade|convince|motivate)$/,
    ing: /^(asking|encouraging|urging|persuading|convincing|motivating)$/,
    role: 'audience',
    cue: 'ask',
  },
  {
    base: /^(email|contact|target|thank|welcome|congratulate|help|wish)$/,
    ing: /^(emailing|contacting|targeting|thanking|welcoming|congratulating|helping|wishing)$/,
    role: 'audience',
    cue: 'write',
  },
];
const AUDIENCE_PHRASE =
  /^(?:(?:reach|reaching) out to|(?:follow|following) up with|(?:check|checking) in with|(?:aimed|aiming|geared|targeted|directed) (?:at|to|toward|towards))(?= |$)/;
const STYLE_CUE =
  /^(?:(?:keep|make) (?:it|this|the (?:email|note|message|tone))|(?:in|with|using|use) an? [\w-]+ (?:tone|voice|style|manner|way)|tone|sound|sounding|be)(?= |$)/;
const RELATIVE =
  /^(who|whose|which|that|living|working|looking|planning|thinking|interested|needing|wanting|ready|moving|nearing|turning|approaching|aged)$/;
const TELLING = /^(remind|tell|let)$/;

/**
 * The prompt's words (as `plainText` and the casing leave them) cut into segments at the words that start a new part
 * of the instruction, each segment told what it is: the email itself, whom it is for, what it brings, the reminder,
 * the ask, the style, or an aside to ignore.
 */
export function clausesOf(text: string): Segment[] {
  return segment(tokenise(text)).map(classifyLead).map(statementOf);
}

/** "mention we sold 12 homes…": what is mentioned is a statement of the sender's, said as it is. */
function statementOf(part: Segment): Segment {
  const first = part.words[0]?.toLowerCase() ?? '';
  return part.role === 'matter' && part.cue === 'mention' && STATEMENT_START.test(first) && part.words.length > 2
    ? { ...part, role: 'aside', cue: 'statement' }
    : part;
}

/** The tokens cut at the words that start a new part of the instruction. */
function segment(tokens: string[]): Segment[] {
  const lower = tokens.map((token) => token.toLowerCase());
  const segments: Segment[] = [];
  let current: Segment = { role: 'lead', cue: '', words: [] };
  const start = (role: Role, cue: string) => {
    while (current.words.length > 0 && CONNECTOR.test(current.words.at(-1)?.toLowerCase() ?? '')) current.words.pop();
    if (current.words.length > 0) segments.push(current);
    current = { role, cue, words: [] };
  };
  for (let at = 0; at < tokens.length; ) {
    if (lower[at] === '.') {
      start('lead', '');
      at++;
      continue;
    }
    if (lower[at] === ':') {
      // "Tone: friendly", "CTA: book online": a short label names what follows.
      if (current.role === 'lead' && current.words.length <= 3) current.label = true;
      start('lead', '');
      at++;
      continue;
    }
    // "offer homeowners a free estimate": whom it is offered to, then the offer.
    if (current.role === 'matter' && current.cue === 'offer' && offerStartsAt(lower, at, current.words)) {
      current.role = 'audience';
      start('matter', 'offer');
      continue;
    }
    const cue = cueAt(lower, at, current, segments.length === 0);
    // A cue that takes no words ("book online") starts its segment once, not again at the same word.
    if (cue && !(cue.length === 0 && cue.role === current.role && current.words.length === 0)) {
      start(cue.role, cue.cue);
      at += cue.length;
      continue;
    }
    // "…companies this October": a moment after an audience stays with it, to be taken out with the others.
    const moment = current.role === 'audience' ? findMoment(tokens.slice(at, at + 6)) : null;
    if (moment?.start === 0 && moment.moment.phrase) {
      current.words.push(...tokens.slice(at, at + moment.end));
      at += moment.end;
      continue;
    }
    if (current.role === 'audience' && audienceEndsBefore(current.words, tokens[at])) {
      start('aside', '');
      continue;
    }
    current.words.push(tokens[at]);
    at++;
  }
  start('lead', '');
  return segments;
}

/** Whether an offer's object starts at `at`, after the people it is offered to ("homeowners" + "a free…"). */
function offerStartsAt(lower: string[], at: number, before: string[]): boolean {
  const people = before.map((word) => word.toLowerCase());
  return (
    /^(a|an|our|the|free|complimentary|\d.*|\$.*)$/.test(lower[at]) &&
    startsAudience(people, 0) &&
    AUDIENCE_NOUN.test(people.at(-1) ?? '') &&
    !people.some((word) => /^(a|an|the)$/.test(word))
  );
}

/** A word (or words) at `at` that starts a new part of the instruction, and how many words it takes. */
function cueAt(lower: string[], at: number, current: Segment, firstSegment: boolean): Cue | null {
  const word = lower[at];
  const next = lower[at + 1];
  const previous = current.words.at(-1)?.toLowerCase();
  const clauseStart = previous === undefined || CONNECTOR.test(previous);
  const rest = lower.slice(at, at + 7).join(' ');

  if (current.role === 'lead' && current.words.length === 0) {
    const frame = rest.match(FRAME_VERB);
    if (frame) return { role: 'frame', cue: '', length: frame[0].split(' ').length };
  }
  if (rest.startsWith('call to action')) return { role: 'action', cue: '', length: 3 };
  // "…, we've helped 200 local businesses": a statement of the sender's, inside an instruction.
  if (previous === ',' && STATEMENT_START.test(word) && next !== undefined && !/^(message|aside)$/.test(current.role)) {
    return { role: 'aside', cue: 'statement', length: 0 };
  }
  // "…and ask for a 15-minute call": the ask itself.
  if (clauseStart && word === 'ask' && next === 'for' && lower.slice(at + 2, at + 5).some((w) => actionOf(w))) {
    return { role: 'action', cue: '', length: 2 };
  }
  const phrase = rest.match(AUDIENCE_PHRASE);
  if (phrase) {
    return {
      role: 'audience',
      cue: phrase[0].startsWith('follow') ? 'follow' : 'write',
      length: phrase[0].split(' ').length,
    };
  }
  if (STYLE_CUE.test(rest) && (clauseStart || /^(in|with|using) /.test(rest)))
    return { role: 'style', cue: '', length: 0 };
  if (clauseStart && word === 'email' && /^(us|me|back)$/.test(next ?? ''))
    return { role: 'action', cue: '', length: 0 };

  const verbCue = verbCueAt(word, clauseStart);
  if (verbCue && (verbCue.role !== 'audience' || namesSomeone(lower, at + 1))) return verbCue;

  if (word === 'to' && next !== undefined && !(previous && WANTING.test(previous))) {
    const following = verbCueAt(next, true);
    if (following && (following.role !== 'audience' || namesSomeone(lower, at + 2))) {
      return { ...following, length: following.length + 1 };
    }
    if (actionOf(next)) return { role: 'action', cue: '', length: 1 };
    if (startsAudience(lower, at + 1)) return { role: 'audience', cue: frameCue(current), length: 1 };
    if (current.role === 'audience' && current.cue === 'invite') return { role: 'matter', cue: 'event', length: 1 };
    if (current.role === 'audience' && /^(remind|ask|tell)$/.test(current.cue)) {
      return { role: 'message', cue: 'to', length: 1 };
    }
    if (isFrame(current)) return { role: 'matter', cue: frameCue(current) === 'invite' ? 'event' : '', length: 1 };
    return null;
  }
  // "…for homeowners in Bayside", but not "we want more clients for our firm", which tells about the sender.
  const statement = current.role === 'lead' && STATEMENT_START.test(current.words[0]?.toLowerCase() ?? '');
  if (word === 'for' && current.role !== 'audience' && !statement && startsAudience(lower, at + 1)) {
    return { role: 'audience', cue: frameCue(current), length: 1 };
  }
  if (current.role === 'audience' && TELLING.test(current.cue)) {
    if (current.cue === 'let' && word === 'know') {
      if (next === 'about') return { role: 'matter', cue: '', length: 2 };
      return { role: 'message', cue: 'that', length: next === 'that' ? 2 : 1 };
    }
    if (word === 'that') return { role: 'message', cue: 'that', length: 1 };
  }
  if (/^(about|regarding|concerning)$/.test(word) && !(previous && ABOUT_BELONGS.test(previous))) {
    return { role: 'matter', cue: '', length: 1 };
  }
  // "…thinking about selling this summer, free market report": a new clause that is an offer.
  if (
    previous === ',' &&
    /^(free|complimentary|\d+%|\$\d+)/.test(word) &&
    offerKindOf(lower.slice(at, at + 4).join(' '))
  ) {
    return { role: 'matter', cue: 'offer', length: 0 };
  }
  if (word === 'with' && next !== undefined && offerKindOf(lower.slice(at + 1, at + 4).join(' '))) {
    return { role: 'matter', cue: 'offer', length: 1 };
  }
  if (/^so( that)? (they|people|readers|you) (can|will|could) /.test(rest)) {
    return { role: 'action', cue: '', length: rest.startsWith('so that') ? 4 : 3 };
  }
  // "…, book online", "and ask them to call": an ask, once the instruction itself has begun.
  if (clauseStart && !(firstSegment && current.words.length === 0) && actionOf(word)) {
    return { role: 'action', cue: '', length: 0 };
  }
  return null;
}

/** A verb that starts a part: "offering" anywhere, "offer" where a clause starts ("…, and offer a free quote"). */
function verbCueAt(word: string, clauseStart: boolean): Cue | null {
  const match = VERB_CUES.find(({ base, ing }) => ing.test(word) || (clauseStart && base.test(word)));
  return match ? { role: match.role, cue: match.cue, length: 1 } : null;
}

const OUR_PEOPLE =
  /^(clients?|customers?|patients?|members?|subscribers?|guests?|tenants?|residents?|students?|families|neighbou?rs|readers|community|homeowners|buyers|sellers|investors)$/;

/** Whether an "invite", "remind", "ask"… is followed by whom: people ("homeowners") or a pronoun ("them"). */
const namesSomeone = (lower: string[], at: number) => OBJECT_PRONOUN.test(lower[at] ?? '') || startsAudience(lower, at);

/** Whether the words from `at` name people: up to three words of description, then a head noun ("small business owners"). */
function startsAudience(lower: string[], at: number): boolean {
  if (/^(their|his|her|its|my|your|a|an)$/.test(lower[at] ?? '')) return false;
  // "our clients" are people; "our accounting firm" is the sender.
  if (lower[at] === 'our') return OUR_PEOPLE.test(lower[at + 1] ?? '') || OUR_PEOPLE.test(lower[at + 2] ?? '');
  for (let offset = 0; offset < 4; offset++) {
    const word = lower[at + offset];
    if (word === undefined || word === ',' || word === '.') return false;
    if (AUDIENCE_NOUN.test(word)) return true;
    if (FUNCTION_WORD.test(word) && !AUDIENCE_LEAD.test(word)) return false;
  }
  return false;
}

/**
 * Whether an audience has ended before `next`: after its head noun it runs on only through a relative clause
 * ("who might sell…"), a place ("in Maple Grove") or a short phrase ("with young kids").
 */
function audienceEndsBefore(words: string[], next: string): boolean {
  const lower = words.map((word) => word.toLowerCase());
  const head = lower.findIndex((word) => AUDIENCE_NOUN.test(word));
  if (head < 0 || lower.slice(head + 1).some((word) => RELATIVE.test(word))) return false;
  const nextLower = next.toLowerCase();
  if (AUDIENCE_NOUN.test(nextLower) || AUDIENCE_CONTINUES.test(nextLower) || AUDIENCE_PREPOSITION.test(nextLower)) {
    return false;
  }
  const preposition = lower.findLastIndex((word, index) => index > head && AUDIENCE_PREPOSITION.test(word));
  if (preposition < 0) return true;
  const object = words.slice(preposition + 1);
  if (object.length === 0) return false;
  // A place ("in Maple Grove") ends at the first word without a capital, or at "I" ("in Chicago I met…").
  if (/^\p{Lu}/u.test(object[0])) return !/^\p{Lu}/u.test(next) || /^I($|')/.test(next);
  return object.length >= 3;
}

const isFrame = (part: Segment) =>
  part.role === 'frame' || (part.role === 'lead' && FRAME_NOUN.test(part.words.at(-1)?.toLowerCase() ?? ''));

/** "a reminder to parents…" reads like "remind parents…"; "an invitation to…" like "invite…". */
function frameCue(part: Segment): string {
  if (!isFrame(part)) return part.role === 'audience' ? part.cue : '';
  const noun = part.words.find((word) => FRAME_NOUN.test(word.toLowerCase()))?.toLowerCase() ?? '';
  if (noun.startsWith('reminder')) return 'remind';
  if (noun.startsWith('follow')) return 'follow';
  if (noun.startsWith('invit')) return 'invite';
  return '';
}

/** Verbs that make a sentence a statement rather than a phrase: "rates are down", "policies start at $35". */
const STATING_VERB =
  /^(is|are|was|were|has|have|had|go|goes|went|start|starts|started|begin|begins|end|ends|rise|rises|rose|fall|falls|fell|drop|drops|dropped|sold|closed|helped|saved|cost|costs|run|runs|opens|closes|includes)$/;

const STYLE_WORD = (word: string) =>
  word in TONE_WORDS || SHORT_WORD.test(word) || /^(and|,|tone|very|but|not|too|long|email|note|message)$/.test(word);

/** What an unintroduced segment is: the email itself, a label, a statement, style words, people, or its matter. */
function classifyLead(part: Segment): Segment {
  if (part.role !== 'lead') return part;
  const lower = part.words.map((word) => word.toLowerCase());
  if (part.label) return { ...part, role: 'aside' };
  if (STATEMENT_START.test(lower[0])) return { ...part, role: 'aside', cue: 'statement' };
  // "As a realtor, …": who the sender is.
  if (lower[0] === 'as' && /^(a|an)$/.test(lower[1] ?? '')) return { ...part, role: 'aside' };
  // "Rates go up on January 1", "Seats are limited to 30": a fact with a number, stated.
  if (lower.some((word) => /\d/.test(word)) && lower.slice(1, 3).some((word) => STATING_VERB.test(word))) {
    return { ...part, role: 'aside', cue: 'statement' };
  }
  if (lower.every(STYLE_WORD)) return { ...part, role: 'style' };
  if (isFrame(part)) return { ...part, role: 'frame' };
  if (startsAudience(lower, 0)) return { ...part, role: 'audience' };
  return { ...part, role: 'matter' };
}
