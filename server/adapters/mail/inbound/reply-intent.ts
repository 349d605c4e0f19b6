/** docs/product.md §9's priorities of a prospect's reply. */
export type ReplyPriority = 'hot' | 'high' | 'medium' | 'other';

/** What a reply asks for, read by the built-in rules (the AI provider, when configured, reads it instead). */
export type ReplyIntent = {
  priority: ReplyPriority;
  /** Why, in a few words, for the reader of the inbox. */
  reason: string;
  /** The prospect asks, in words, to get no more mail: the lead is unsubscribed, the reply still shows. */
  unsubscribe: boolean;
};

type Cue = { pattern: RegExp; reason: string };

const UNSUBSCRIBE: Cue[] = [
  {
    pattern:
      /\bunsubscribe\b|\bremove me\b|\btake me off\b|\bopt(?:ed)? out\b|\bstop (?:e-?mailing|emails?|sending|contacting|writing to) (?:me|us)?|\bdo not (?:e-?mail|contact|write to) (?:me|us)\b|\bdon'?t (?:e-?mail|contact|write to) (?:me|us)\b|\bno more (?:e-?mails|messages)\b|\bremove (?:my|this) (?:e-?mail|address)\b|\bdésabonner\b|\babmelden\b|\bdarme de baja\b/i,
    reason: 'Asks to get no more emails',
  },
];

const HOT: Cue[] = [
  {
    pattern:
      /\b(?:how much|price|pricing|prices|quote|cost|costs|fees)\b|\bsend (?:me |us )?(?:a |the )?(?:quote|proposal|contract|invoice|estimate)\b/i,
    reason: 'Asks about price',
  },
  {
    pattern:
      /\b(?:call me|give me a (?:call|ring)|let(?:'?s| us) (?:talk|chat|meet|set up|schedule|do it)|set up a (?:call|meeting|time)|schedule (?:a |the )?(?:call|meeting|demo)|book (?:a |the )?(?:call|meeting|demo|time)|(?:a |the )?(?:call|meeting|demo) (?:on|at|this|next|tomorrow)|(?:are|is) you (?:free|available)|i'?m (?:free|available)|works for me|my (?:number|phone|cell) is|calendly|zoom|teams call)\b/i,
    reason: 'Wants a call or a meeting',
  },
];

const NOT_INTERESTED: Cue[] = [
  {
    pattern:
      /\bwrong (?:person|contact|email|address)\b|\bnot the right (?:person|contact)\b|\bno longer (?:works?|with)\b/i,
    reason: 'Wrong person',
  },
  {
    pattern:
      /\bnot interested\b|\bno,? thanks?\b|\bno thank you\b|\bwe'?re (?:all set|good|covered)\b|\balready (?:have|use|work with)\b|\bnot (?:for us|a fit|relevant)\b/i,
    reason: 'Not interested',
  },
];

const LATER: Cue[] = [
  {
    pattern: /\bforward(?:ed|ing)?\b|\b(?:cc'?d|cc'?ing|copying)\b|\breach out to\b|\bcolleague\b|\bin charge of\b/i,
    reason: 'Passes it on to someone else',
  },
  {
    pattern:
      /\b(?:later|maybe|perhaps|not (?:right )?now|next (?:week|month|quarter|year)|in a (?:few|couple of) (?:weeks|months)|busy|get back to you|circle back|touch base|follow up)\b/i,
    reason: 'Later, or maybe',
  },
];

const INTERESTED: Cue[] = [
  {
    pattern:
      /\b(?:interested|tell me more|more (?:info|information|details)|sounds (?:good|great|interesting)|i'?d like to (?:know|learn|hear)|curious)\b/i,
    reason: 'Interested',
  },
  { pattern: /\?/, reason: 'Asks a question' },
];

const firstMatch = (cues: Cue[], text: string) => cues.find((cue) => cue.pattern.test(text));

/** The subject of the mail a mail client sends for our List-Unsubscribe mailto: (its body is often empty). */
export const UNSUBSCRIBE_SUBJECT = 'unsubscribe';

/** A mail sent through the List-Unsubscribe mailto: of one of our mails: an unsubscribe request, whatever its body. */
export function isListUnsubscribeMail(subject: string): boolean {
  return subject.trim().toLowerCase() === UNSUBSCRIBE_SUBJECT;
}

/** What a List-Unsubscribe mail asks for. */
export const LIST_UNSUBSCRIBE_INTENT: ReplyIntent = {
  priority: 'other',
  reason: 'Unsubscribed with the mail program’s unsubscribe button',
  unsubscribe: true,
};

/**
 * The built-in reading of a reply: hot (a meeting, a call, a price), high (interested, a question), medium (later,
 * maybe, passed on), other (not interested, wrong person, or asking to be removed). A "not now, maybe next year"
 * is medium, not other; a reply the rules cannot read is medium, so a person still looks at it.
 */
export function readReplyIntent(text: string): ReplyIntent {
  const unsubscribe = firstMatch(UNSUBSCRIBE, text);
  if (unsubscribe) return { priority: 'other', reason: unsubscribe.reason, unsubscribe: true };
  const refusal = firstMatch(NOT_INTERESTED, text);
  const later = firstMatch(LATER, text);
  if (refusal) {
    return later?.reason === 'Later, or maybe'
      ? { priority: 'medium', reason: later.reason, unsubscribe: false }
      : { priority: 'other', reason: refusal.reason, unsubscribe: false };
  }
  const hot = firstMatch(HOT, text);
  if (hot) return { priority: 'hot', reason: hot.reason, unsubscribe: false };
  if (later) return { priority: 'medium', reason: later.reason, unsubscribe: false };
  const interested = firstMatch(INTERESTED, text);
  if (interested) return { priority: 'high', reason: interested.reason, unsubscribe: false };
  return { priority: 'medium', reason: 'A reply the rules cannot read: have a look', unsubscribe: false };
}
