import type { ReplyOutcome } from '../../../contract/reply-outcomes';
import { isAutoReply } from '../../adapters/mail/inbound/auto-reply';
import { isListUnsubscribeMail, readReplyIntent } from '../../adapters/mail/inbound/reply-intent';
import { replyText } from '../../adapters/mail/inbound/reply-text';
import {
  ABSENCE,
  ABSENCE_SUBJECT,
  DECLINE,
  DECLINE_WORDS,
  INTEREST,
  MEETING,
  OPT_OUT,
  OPT_OUT_WORDS,
  OTHERS_OPT_OUT,
  PRICE,
  REFERRAL,
  WHO_ARE_YOU,
  WRONG_PERSON,
} from './reply-outcome-cues';
import { readReturnDate } from './reply-outcome-dates';
import { referralIn } from './reply-outcome-referral';

/** How much of what the prospect wrote the rules read: their words stand at the top, and patterns get bounded input. */
export const RULES_READ_CHARS = 4_000;
/** How much of the raw text goes to the quoted-history parser (it caps its own input too). */
const RAW_READ_CHARS = 40_000;
const LINE_CHARS = 1_000;

export type ReplyForRules = { subject: string; text: string; receivedAt: Date; autoSubmitted?: boolean };

export type RulesOutcome = {
  outcome: ReplyOutcome;
  /** out_of_office: the return date the notice gives (midnight UTC of that day), else null. */
  returnDate?: Date | null;
  /** wrong_person: the person the reply sends us to, when it gives an address. */
  referral?: { email: string; name?: string };
};

/**
 * The built-in reading of a reply's outcome, used when no AI provider is configured or it fails. The order is the
 * cost of a mistake: an opt-out first (missing one is the expensive error), then "write to someone else" (an
 * auto-reply saying a person left is that, not an absence), an absence notice, a refusal, and only then the
 * positive outcomes.
 */
export function replyOutcomeByRules(reply: ReplyForRules): RulesOutcome {
  const subject = reply.subject.slice(0, LINE_CHARS);
  const words = prospectWords(reply.text);
  if (isListUnsubscribeMail(subject) || asksToOptOut(words)) return { outcome: 'unsubscribe_request' };
  const automatic = reply.autoSubmitted === true || isAutoReply({ get: () => undefined }, subject);
  const absent = ABSENCE.test(words) || (automatic && ABSENCE_SUBJECT.test(subject));
  // An absence notice naming a stand-in ("for urgent matters contact maria@…") stays an absence.
  if (WRONG_PERSON.test(words) || (REFERRAL.test(words) && !absent)) {
    const referral = referralIn(words);
    return referral ? { outcome: 'wrong_person', referral } : { outcome: 'wrong_person' };
  }
  const answers = DECLINE.test(words) || MEETING.test(words) || INTEREST.test(words) || /[?¿]/.test(words);
  // A person may mention an absence and still answer; a machine's notice is only an absence.
  if (absent && (automatic || !answers)) {
    return { outcome: 'out_of_office', returnDate: readReturnDate(words, reply.receivedAt) };
  }
  if (automatic) return { outcome: 'other' };
  return { outcome: personalOutcome(words) };
}

function personalOutcome(words: string): ReplyOutcome {
  if (DECLINE.test(words) || DECLINE_WORDS.has(bareFirstLine(words))) return 'not_interested';
  if (MEETING.test(words)) return 'meeting_request';
  const asks = /[?¿]/.test(words);
  if (PRICE.test(words) && asks) return 'question';
  if (INTEREST.test(words)) return 'interested';
  if (asks && !WHO_ARE_YOU.test(words)) return 'question';
  return 'other';
}

/** A reply that opens with the word, "STOP." or "Unsubscribe!", whatever follows. */
const OPENS_WITH_OPT_OUT = /^\W{0,3}(?:stop|stopp|unsubscribe|remove me|baja)\s{0,2}[.!]/i;

function asksToOptOut(words: string): boolean {
  if (OPT_OUT_WORDS.has(bareFirstLine(words)) || OPENS_WITH_OPT_OUT.test(words) || OPT_OUT.test(words)) return true;
  // The existing English cues (shared with the priority rules), less their "opt out" read in someone else's question.
  return readReplyIntent(words).unsubscribe && !OTHERS_OPT_OUT.test(words);
}

/** The first line in lower case, letters and spaces only: "STOP!" is "stop". */
function bareFirstLine(words: string): string {
  return (words.split('\n', 1)[0] ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A line that starts the quoted history: "On … wrote:", "-----Original Message-----", an Outlook header block. */
const QUOTE_START =
  /^(?:>|-{2,}\s?(?:original message|mensaje original|message d['’]origine|urspr[üu]ngliche nachricht|mensagem original)|_{5,}|(?:from|von|de|da)\s?:\s)/i;
const QUOTE_HEADER_END = /(?:wrote|escribi[óo]|a [ée]crit|schrieb|escreveu)\s?:?\s*$/i;

/** What the prospect wrote: quoted history and signature removed (by the shared parser, then by line), capped. */
function prospectWords(text: string): string {
  const visible = replyText(text.slice(0, RAW_READ_CHARS));
  const kept: string[] = [];
  for (const rawLine of visible.split('\n')) {
    const line = rawLine.slice(0, LINE_CHARS).trim();
    if (QUOTE_START.test(line)) break;
    if (line.length < 300 && QUOTE_HEADER_END.test(line)) break;
    kept.push(line);
  }
  return kept.join('\n').trim().slice(0, RULES_READ_CHARS);
}
