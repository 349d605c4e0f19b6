import type { WriterProfile } from './email-writer';

/**
 * Capitals as they belong in the middle of a sentence: a prompt's words are lifted into the draft's sentences, so
 * "Families" (capital only because the prompt began with it) becomes "families" while Austin, March and HVAC keep
 * theirs. A prompt typed in Title Case or ALL CAPS says nothing about proper nouns, so its words are lowered except
 * those the profile or the calendar names.
 */

/** Words that keep a capital wherever they stand ("may", "march" and "august" are also ordinary words). */
const ALWAYS_CAPITALISED = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'april',
  'june',
  'july',
  'september',
  'october',
  'november',
  'december',
  'christmas',
  'thanksgiving',
  'easter',
  'halloween',
  'hanukkah',
  'ramadan',
  'diwali',
  'medicare',
  'medicaid',
]);

const PLACE_PREPOSITION = /^(in|near|around|across|throughout)$/;
/** Words that often follow "in" without being places. */
const NOT_A_PLACE =
  /^(a|an|the|your|our|their|my|his|her|its|this|that|these|those|every|each|all|any|some|one|two|time|need|person|town|the|order|case|touch|general|particular|advance|addition|fact|line|mind|place|front|time|spring|summer|fall|autumn|winter|march|may|august|early|late|mid|just|only|about|under|over|less|more|minutes|days|weeks|months|years|\d.*)$/;

/** Letters, digits and the marks inside a word (what's, first-time, 401k, 24/7, 15%). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&%/+-]*/gu;
const hasLetter = (word: string) => /\p{L}/u.test(word);
const isAllCaps = (word: string) => /\p{Lu}/u.test(word) && !/\p{Ll}/u.test(word);
const isCapitalised = (word: string) => /^\p{Lu}/u.test(word);
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Proper nouns the sender's profile spells for us, by their lower case: the sender's names, and the capitalised words
 * past the first of the clients and the service ("First-time buyers in Austin" gives Austin), unless the field is in
 * Title Case, where capitals say nothing. A company's name is no guide: "Harbor Insurance" does not make insurance a
 * name.
 */
export function profileProperNouns(profile: WriterProfile): Map<string, string> {
  const nouns = new Map<string, string>();
  const add = (word: string) => {
    if (isCapitalised(word) && word.length > 1) nouns.set(word.toLowerCase(), word);
  };
  for (const word of [profile.firstName, profile.lastName].flatMap((name) => name?.match(WORD) ?? [])) add(word);
  for (const field of [profile.preferredLocalClients, profile.service]) {
    if (field && capitalsOf(field) === 'sentence') for (const word of field.match(WORD)?.slice(1) ?? []) add(word);
  }
  return nouns;
}

/** How a text uses capitals: as in a sentence, Title Case, or shouting in capitals. */
function capitalsOf(text: string): 'sentence' | 'title' | 'shouting' {
  const words = (text.match(WORD) ?? []).filter((word) => hasLetter(word) && word.length > 1);
  const share = (test: (word: string) => boolean) => words.filter(test).length / Math.max(words.length, 1);
  if (words.length >= 3 && share(isAllCaps) > 0.6) return 'shouting';
  const capitalised = share(isCapitalised);
  if ((words.length >= 2 && capitalised === 1) || (words.length >= 3 && capitalised > 0.7)) return 'title';
  return 'sentence';
}

/** The text with each word cased for the middle of a sentence; spacing and punctuation are left as they are. */
export function midSentenceCase(text: string, knownProperNouns: Map<string, string>): string {
  const capitals = capitalsOf(text);
  const shouting = capitals === 'shouting';
  const titleCase = capitals === 'title';
  // Proper nouns the prompt itself shows: capitalised where no sentence starts.
  const properNouns = new Map(knownProperNouns);
  if (!shouting && !titleCase) {
    for (const match of text.matchAll(WORD)) {
      const word = match[0];
      if (isCapitalised(word) && !startsSentence(text, match.index) && !properNouns.has(word.toLowerCase())) {
        properNouns.set(word.toLowerCase(), word);
      }
    }
  }

  let previous = '';
  return text.replace(WORD, (word, offset: number) => {
    const afterPlacePreposition = PLACE_PREPOSITION.test(previous);
    previous = word.toLowerCase();
    if (!hasLetter(word)) return word;
    const lower = word.toLowerCase();
    if (word === 'I' || /^I['’]/.test(word)) return word;
    const known = properNouns.get(lower) ?? (ALWAYS_CAPITALISED.has(lower) ? capitalise(lower) : undefined);
    // Where capitals mean nothing, the word after "in" or "near" is still taken for a place ("In Boise").
    const place = afterPlacePreposition && !NOT_A_PLACE.test(lower) ? capitalise(lower) : undefined;
    if (shouting) return known ?? place ?? lower;
    // In Title Case, a word in capitals still reads as an acronym (HVAC, UT).
    if (titleCase) return isAllCaps(word) && word.length > 1 ? word : (known ?? place ?? lower);
    if (isAllCaps(word) && word.length > 1) return word;
    // A capital past the first letter is a spelling of its own: iPhone, McAllen.
    if (/\p{Lu}/u.test(word.slice(1))) return word;
    if (isCapitalised(word)) return startsSentence(text, offset) ? (known ?? lower) : word;
    return known ?? word;
  });
}

/** Whether the word at `offset` opens the text or a sentence in it (what comes before ends with . ! ? : or ;). */
function startsSentence(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 12), offset).trimEnd();
  return before === '' ? offset <= 12 : /[.!?:;]$/.test(before);
}
