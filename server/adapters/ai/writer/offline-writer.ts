import { pickIndex } from '../../../../contract/fnv-hash';
import { escapeHtml } from '../../../../contract/template-render';
import {
  BENEFIT,
  CALL_TO_ACTION,
  DRAFT_GREETING,
  FOLLOW_UP,
  MEETING_ASK,
  OFFER,
  REACH_OUT,
  SEASON_LEAD,
  SENDER,
  SERVICE_OFFER,
  THANKS_FOR_ASKING,
  TONES,
} from '../offline-phrasing';
import type { Draft, DraftRequest, EmailTone, EmailWriter, WriterProfile } from './email-writer';
import { type Offer, type PromptBrief, readPrompt } from './prompt-brief';
import { midSentenceCase, profileProperNouns } from './prompt-casing';
import { BOOKABLE, type DesiredAction } from './prompt-words';

/**
 * The built-in writer used when no AI provider is configured. It reads the prompt as an instruction (prompt-brief.ts:
 * who it is for, where, when, what is offered, what the reader should do, in what tone) and writes the email a
 * person would: a subject about the offer, an opening on the season and the area, who the sender is (from the
 * profile), the offer, one call to action and a sign-off. The prompt is never pasted, only its phrases used.
 * Deterministic: the prompt picks among phrasings, so the same prompt gives the same draft and others differ.
 */
export class OfflineWriter implements EmailWriter {
  readonly source = 'offline' as const;

  async draft({ prompt, profile, tone: strategyTone }: DraftRequest): Promise<Draft> {
    const brief = readPrompt(prompt, profile);
    const tone = brief.tone ?? strategyTone;
    const seed = prompt.toLowerCase().replace(/\s+/g, ' ').trim();
    const pick = <T>(slot: string, options: readonly T[]): T => options[pickIndex(`${seed}:${slot}`, options.length)];
    const sender = senderOf(profile);
    const draft = compose(brief, sender, tone, pick);
    // A prompt that is one long phrase could come back whole in a sentence: then the profile alone speaks.
    return repeats(draft, prompt)
      ? compose(
          { ...brief, audience: null, offer: null, topic: null, message: null, facts: [], question: null },
          sender,
          tone,
          pick,
        )
      : draft;
  }
}

function compose(brief: PromptBrief, sender: Sender, tone: EmailTone, pick: Pick): Draft {
  const paragraphs = [
    `${DRAFT_GREETING[tone]} {firstName|there},`,
    opening(brief, tone, pick),
    introduction(sender, tone, brief.short, pick),
    // The prompt's facts, said as it gives them: "I sold 40 homes in Austin last year."
    brief.facts.length > 0 ? brief.facts.join(' ') : null,
    offerParagraph(brief, sender, tone, pick),
    brief.meeting
      ? pick('meeting', MEETING_ASK[tone])(`${indefiniteArticle(brief.meeting)} ${brief.meeting}`)
      : pick('action', CALL_TO_ACTION[actionOf(brief, tone)][tone])(offeredThing(brief.offer)),
  ].filter((paragraph) => paragraph !== null);
  const signature = [tone === 'professional' ? sender.fullName : sender.firstName || sender.fullName, sender.company]
    .filter(Boolean)
    .map((line) => `<br>${escapeHtml(line)}`)
    .join('');
  return {
    subject: subjectOf(brief, sender, tone, pick),
    body: [
      ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
      `<p>${escapeHtml(TONES[tone].signOff)}${signature}</p>`,
    ].join(''),
  };
}

/** Whether a prompt of six words or more is in the draft word for word. */
function repeats({ subject, body }: Draft, prompt: string): boolean {
  const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
  const promptWords = words(prompt);
  const text = `${subject} ${body.replace(/<[^>]*>|&[#\w]+;/g, ' ')}`;
  return promptWords.split(' ').length >= 6 && words(text).includes(promptWords);
}

type Pick = <T>(slot: string, options: readonly T[]) => T;

/** The sender's profile as it reads in a sentence: names empty when missing, clients and service cased or null. */
type Sender = {
  firstName: string;
  fullName: string;
  company: string;
  clients: string | null;
  service: string | null;
};

function senderOf(profile: WriterProfile): Sender {
  const plain = (value: string | null) =>
    value
      ?.replace(/\s+/g, ' ')
      .trim()
      .replace(/[.,;:!?]+$/, '') || null;
  const properNouns = profileProperNouns(profile);
  const inSentence = (value: string | null) => {
    const text = plain(value);
    return text ? midSentenceCase(text, properNouns) : null;
  };
  const firstName = plain(profile.firstName) ?? '';
  return {
    firstName,
    fullName: [firstName, plain(profile.lastName)].filter(Boolean).join(' '),
    company: plain(profile.companyName) ?? '',
    clients: inSentence(profile.preferredLocalClients),
    service: inSentence(profile.service),
  };
}

/** The subject: the offer (or the reminder) with when, or else where; never longer than a subject should be. */
function subjectOf(brief: PromptBrief, sender: Sender, tone: EmailTone, pick: Pick): string {
  const fits = (subject: string) => subject.length <= 78;
  // A reply is about what the prospect asked.
  const question = brief.question && `Your question about ${brief.question}`;
  if (question && fits(question)) return question;
  const core = subjectCore(brief, tone, pick);
  // "Free home valuation this spring", "Free roof check in Boise".
  const said = (words: string) => core?.toLowerCase().includes(words.toLowerCase());
  const when = brief.timing?.when ?? brief.timing?.seasonPhrase;
  const where = brief.place && core && core.split(' ').length <= 5 && !said(' in ') ? `in ${brief.place}` : null;
  const suffix = when && !said(when) ? when : where;
  if (core && suffix && fits(`${core} ${suffix}`)) return `${core} ${suffix}`;
  if (core && fits(core)) return core;
  const fromSender = sender.service && sender.company ? `${capitalise(sender.service)} from ${sender.company}` : null;
  if (fromSender && fits(fromSender)) return fromSender;
  return sender.company && fits(`A note from ${sender.company}`) ? `A note from ${sender.company}` : 'A quick note';
}

/** What the subject is about: "You're invited: our open house", "Life insurance: a free quote", "Free roof check". */
function subjectCore({ offer, topic, message }: PromptBrief, tone: EmailTone, pick: Pick): string | null {
  if (offer) {
    const bare = withoutArticle(offer.phrase);
    if (offer.kind === 'event')
      return `${tone === 'professional' ? 'Invitation' : "You're invited"}: ${withArticle(offer)}`;
    if (offer.kind === 'launch') return `Introducing ${withArticle(offer)}`;
    if (topic) return `${capitalise(topic)}: ${withArticle(offer)}`;
    if (offer.kind === 'free' && !/^(our|your|the)\b/i.test(bare))
      return pick('subject', [capitalise(bare), `Your ${bare}`]);
    return offer.kind === 'free' || offer.kind === 'discount' ? capitalise(bare) : capitalise(withArticle(offer));
  }
  if (!message) return null;
  return message.reminder || message.form === 'to'
    ? `A quick reminder ${message.form} ${message.text}`
    : capitalise(message.text);
}

/**
 * The opening: the time of year and the area, and who the email is for ("With spring around the corner in Austin,
 * I'm reaching out to families who might sell their home."), with the reminder when the prompt asks for one. Null
 * when the prompt names none of these: the introduction then opens the email.
 */
function opening(brief: PromptBrief, tone: EmailTone, pick: Pick): string | null {
  const { audience, place, message, question } = brief;
  // A reply thanks for the question; the prospect needs no telling whom the email is for.
  if (question) return pick('question', THANKS_FOR_ASKING[tone])(question);
  const season = brief.timing?.season;
  // A reminder that already names the season ("hurricane season is coming") says it once.
  const inMessage = season && message?.text.toLowerCase().includes(season.toLowerCase());
  const lead = season && !inMessage ? pick('season', SEASON_LEAD[tone])(season) : null;
  const placeInAudience = audience !== null && audience.phrase !== audience.withoutPlace;
  let who: string | null;
  let leadIn = lead;
  if (lead && place) {
    leadIn = `${lead} in ${place}`;
    who = audience?.withoutPlace ?? null;
  } else if (audience) {
    who = place && !placeInAudience ? `${audience.phrase} in ${place}` : audience.phrase;
  } else {
    who = place ? `people here in ${place}` : null;
  }
  const reach = who ? pick('reach', (brief.followUp ? FOLLOW_UP : REACH_OUT)[tone])(who) : null;

  let sentence: string | null = reach;
  if (message) {
    const note = message.reminder || message.form === 'to' ? `a quick reminder ${message.form} ${message.text}` : null;
    if (reach) sentence = note ? `${reach} with ${note}` : `${reach} to let you know that ${message.text}`;
    else sentence = note ? `Just ${note}` : `I wanted to let you know that ${message.text}`;
  }
  if (!sentence) return leadIn ? `${leadIn}, I wanted to get in touch.` : null;
  return `${leadIn ? `${leadIn}, ${lowerFirst(sentence)}` : sentence}.`;
}

/** Who the sender is and what their business does, from the profile; a short email keeps only who. */
function introduction(sender: Sender, tone: EmailTone, short: boolean, pick: Pick): string | null {
  const who = senderPhrase(sender, tone);
  const what = short ? null : businessPhrase(sender);
  if (who && what) {
    // "…from Reyes Realty, where we help…" reads well only when the company ends the sentence.
    return sender.company && pick('introduction', [true, false])
      ? `${who}, where ${what}.`
      : `${who}. ${capitalise(what)}.`;
  }
  if (who) return `${who}.`;
  return what ? `${capitalise(what)}.` : null;
}

/** "I'm Dana from Reyes Realty", with what the profile has of the name and the company. */
function senderPhrase(sender: Sender, tone: EmailTone): string | null {
  const phrases = SENDER[tone];
  const name = tone === 'professional' ? sender.fullName : sender.firstName || sender.fullName;
  if (name && sender.company) return phrases.both(name, sender.company);
  if (name) return phrases.name(name);
  return sender.company ? phrases.company(sender.company) : null;
}

/** "we help first-time buyers in Austin with home sales", with what the profile has of the clients and service. */
function businessPhrase({ clients, service }: Sender): string | null {
  if (clients && service) return `we help ${clients} with ${service}`;
  if (service) return `we specialize in ${service}`;
  return clients ? `we work with ${clients}` : null;
}

/** The offer (with its topic and its day, when the prompt gives them) and, unless short, why it is worth a look. */
function offerParagraph(brief: PromptBrief, sender: Sender, tone: EmailTone, pick: Pick): string | null {
  const { offer, topic, message } = brief;
  // With neither an offer nor news to give, the sender's own service is the reason to write.
  if (!offer) return sender.service && !message ? pick('service', SERVICE_OFFER[tone])(sender.service) : null;
  const when = brief.timing?.when ? ` ${brief.timing.when}` : '';
  const sentences = [
    ...(topic ? [pick('topic', OFFER.topic[tone])(topic)] : []),
    pick('offer', OFFER[offer.kind][tone])(`${withArticle(offer)}${when}`),
  ];
  if (!brief.short) sentences.push(pick('benefit', BENEFIT[offer.kind][tone])(sender.service));
  return sentences.join(' ');
}

/**
 * What the reader is asked to do: what the prompt asks for, else what the offer calls for (an event is attended, a
 * valuation or a checkup booked, a free report or a discount asked for by reply), else a call in a professional tone and
 * a reply in the others.
 */
function actionOf(brief: PromptBrief, tone: EmailTone): DesiredAction {
  const event = brief.offer?.kind === 'event';
  const bookable = brief.offer !== null && BOOKABLE.test(brief.offer.phrase.toLowerCase());
  const given = brief.offer?.kind === 'free' || brief.offer?.kind === 'discount';
  const fallback = event ? 'visit' : bookable ? 'book' : given || tone !== 'professional' ? 'reply' : 'call';
  const action = brief.action ?? fallback;
  // Without an event to come to (or an address to give), a visit is booked.
  return action === 'visit' && !event ? 'book' : action;
}

/** A free offer as the reader's own, for the call to action ("your free home valuation"); null for others. */
function offeredThing(offer: Offer | null): string | null {
  if (offer?.kind !== 'free') return null;
  const words = withoutArticle(offer.phrase).replace(/^(our|your|the)\s+/i, '');
  return words.split(' ').length <= 5 ? `your ${words}` : null;
}

const DETERMINER = /^(a|an|the|our|your|my|this|these|those|some|any|every|each|all|no|one|two|three|four|five|ten)$/i;

/** The offer as it reads after a verb: "a free roof check", "our open house", "15% off gutter cleaning". */
function withArticle({ phrase, kind }: Offer): string {
  const first = phrase.split(' ')[0];
  // What the sender runs is theirs: "an open house" reads "our open house".
  const ours = kind === 'event' || kind === 'launch' || kind === 'discount';
  if (ours && /^(a|an)$/i.test(first)) return `our ${withoutArticle(phrase)}`;
  if (DETERMINER.test(first) || /^[\d$]/.test(first) || kind === 'topic' || kind === 'service') return phrase;
  if (ours) return `our ${phrase}`;
  const plural = /[^s]s$/i.test(phrase.split(' ').at(-1) ?? '');
  return plural ? phrase : `${indefiniteArticle(first)} ${phrase}`;
}

const withoutArticle = (phrase: string) => phrase.replace(/^(a|an)\s+/i, '');

/** "an HVAC check", "an open house", "a unique offer", "a free quote". */
function indefiniteArticle(word: string): 'a' | 'an' {
  if (/^\p{Lu}[\p{Lu}\d]+$/u.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  if (/^(hour|honest|honou?r|heir)/i.test(word)) return 'an';
  if (/^(uni|use|usu|uti|eu|one|once)/i.test(word)) return 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "Just a quick reminder…" after a lead-in; "I" and proper nouns keep their capital. */
const lowerFirst = (text: string) =>
  /^(I\b|I'|\p{Lu}{2})/u.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
