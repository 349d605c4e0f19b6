// Reads the return date an absence notice gives, in English, Spanish, French, German and Portuguese, with or
// without its year. Every pattern is bounded (no two unbounded quantifiers over the same characters), and the text
// it reads is already capped by the caller.

const MONTH_NAMES: Record<string, number> = {};
const MONTH_WORDS: [number, string[]][] = [
  [1, ['january', 'jan', 'enero', 'ene', 'janvier', 'janv', 'januar', 'jänner', 'janeiro']],
  [2, ['february', 'feb', 'febrero', 'février', 'fevrier', 'févr', 'fevr', 'februar', 'fevereiro', 'fev']],
  [3, ['march', 'mar', 'marzo', 'mars', 'märz', 'maerz', 'março', 'marco']],
  [4, ['april', 'apr', 'abril', 'abr', 'avril', 'avr']],
  [5, ['may', 'mayo', 'mai', 'maio']],
  [6, ['june', 'jun', 'junio', 'juin', 'juni', 'junho']],
  [7, ['july', 'jul', 'julio', 'juillet', 'juil', 'juli', 'julho']],
  [8, ['august', 'aug', 'agosto', 'ago', 'août', 'aout']],
  [9, ['september', 'sept', 'sep', 'septiembre', 'setiembre', 'septembre', 'setembro', 'set']],
  [10, ['october', 'oct', 'octubre', 'octobre', 'oktober', 'okt', 'outubro', 'out']],
  [11, ['november', 'nov', 'noviembre', 'novembre', 'novembro']],
  [12, ['december', 'dec', 'diciembre', 'dic', 'décembre', 'decembre', 'dezember', 'dez', 'dezembro']],
];
for (const [month, words] of MONTH_WORDS) for (const word of words) MONTH_NAMES[word] = month;

// Longest first, so "march" is taken whole rather than as "mar".
const MONTH = `(${Object.keys(MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|')})(?![\\p{L}])\\.?`;
const ORDINAL = '(?:st|nd|rd|th|er|º|°)?';
const YEAR = '(?:,?\\s{0,3}(?:de\\s{1,3})?(\\d{4}))?';

/** "9 March", "12 mars 2026", "20 de marzo", "14. März", "5th of January". */
const DAY_MONTH = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})${ORDINAL}\\.?\\s{0,3}(?:de\\s{1,3}|of\\s{1,3})?${MONTH}${YEAR}`,
  'giu',
);
/** "March 12th", "March 17, 2026". */
const MONTH_DAY = new RegExp(`(?<![\\p{L}])${MONTH}\\s{0,3}(\\d{1,2})${ORDINAL}(?![\\p{L}\\d])${YEAR}`, 'giu');
/** "2026-03-18". */
const ISO = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
/** "12/03/2026", "16.03.", "16/03". */
const NUMERIC = /(?<![\d.,/-])(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/-])/g;

/** A day of the month alone, after a weekday or "the": "back Wed 11th", "until the 20th", "ab Montag 16.". */
const DAY_ONLY =
  /(?<![\p{L}\d])(?:(?:mon|tue|wed|thu|fri|sat|sun|lun|mar|mi[ée]|jue|vie|mer|jeu|ven|sam|dim|die|mit|don|fre|son|seg|ter|qua|qui|sex|s[áa]b)\p{L}{0,8}\.?,?\s{1,2}(\d{1,2})(?:st|nd|rd|th|er)?|the\s{1,2}(\d{1,2})(?:st|nd|rd|th))(?![\p{L}\d])/giu;

/** Words that come just before the return date: "back on", "until", "hasta el", "de retour le", "bis zum"… */
const CUE_BEFORE =
  /(?<!\p{L})(?:back|reopen(?:s|ing)?|return(?:ing|s)?|until|till|through|thru|hasta|vuelvo|volver[ée]|regreso|regresar[ée]|de vuelta|a partir del?|retour|jusqu|reviens|reviendrai|partir du|bis|zur[üu]ck|wieder|ab|até|ate|retorno|volto|voltarei|de volta)\P{L}{1,3}(?:\p{L}+\P{L}{1,3}){0,2}$/iu;
/** …or just after it, as German and French put them: "am 12.03. zurück", "ab dem 16.03. wieder". */
const CUE_AFTER = /^\P{L}{0,3}(?:wieder|zur[üu]ck|retour)/iu;

const DAY_MS = 86_400_000;

type Found = { start: number; end: number; dates: Date[] };

/** The return date the notice gives, read relative to when it came in; null when it gives none. */
export function readReturnDate(text: string, receivedAt: Date): Date | null {
  const found = datesIn(text, receivedAt);
  const plausible = found
    .map((date) => ({ ...date, date: soonest(date.dates, receivedAt) }))
    .filter((date): date is Found & { date: Date } => date.date !== null);
  if (plausible.length === 0) return null;
  const cued = plausible.find(
    (date) =>
      CUE_BEFORE.test(text.slice(Math.max(0, date.start - 30), date.start)) ||
      CUE_AFTER.test(text.slice(date.end, date.end + 12)),
  );
  // Without a cue, the last of the dates: "out from 3 to 14 March" returns after the 14th.
  return cued?.date ?? plausible.reduce((last, date) => (date.date > last.date ? date : last)).date;
}

/** Every date written in the text, with each reading it can have (a year-less date falls on or after receipt). */
function datesIn(text: string, receivedAt: Date): Found[] {
  const found: Found[] = [];
  const taken = (start: number, end: number) => found.some((date) => start < date.end && end > date.start);
  const add = (match: RegExpMatchArray, dates: (Date | null)[]) => {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    const valid = dates.filter((date): date is Date => date !== null);
    if (valid.length > 0 && !taken(start, end)) found.push({ start, end, dates: valid });
  };
  for (const match of text.matchAll(ISO)) add(match, [utcDate(+match[1], +match[2], +match[3])]);
  for (const match of text.matchAll(DAY_MONTH)) {
    add(match, [dated(match[3], MONTH_NAMES[match[2].toLowerCase()], +match[1], receivedAt)]);
  }
  for (const match of text.matchAll(MONTH_DAY)) {
    add(match, [dated(match[3], MONTH_NAMES[match[1].toLowerCase()], +match[2], receivedAt)]);
  }
  for (const match of text.matchAll(NUMERIC)) {
    const [first, second] = [+match[1], +match[3]];
    const year = match[4] ? (match[4].length === 2 ? `20${match[4]}` : match[4]) : undefined;
    const dayFirst = dated(year, second, first, receivedAt);
    // A slashed date is day first in most of the world and month first in the US: both readings are kept, and the
    // one nearest after receipt wins. Dotted and dashed dates are day first.
    add(match, match[2] === '/' ? [dayFirst, dated(year, first, second, receivedAt)] : [dayFirst]);
  }
  // Last, so a full date ("Monday 9 March") is read as one first.
  for (const match of text.matchAll(DAY_ONLY)) add(match, [nextDayOfMonth(+(match[1] ?? match[2]), receivedAt)]);
  return found.sort((a, b) => a.start - b.start);
}

/** The date, in the year given, else the first year in which it does not lie well before receipt. */
function dated(year: string | undefined, month: number | undefined, day: number, receivedAt: Date): Date | null {
  if (!month) return null;
  if (year) return utcDate(+year, month, day);
  const sameYear = utcDate(receivedAt.getUTCFullYear(), month, day);
  if (!sameYear) return null;
  return sameYear.getTime() < receivedAt.getTime() - 7 * DAY_MS
    ? utcDate(receivedAt.getUTCFullYear() + 1, month, day)
    : sameYear;
}

/** The next date with this day of the month, from the day the notice came in. */
function nextDayOfMonth(day: number, receivedAt: Date): Date | null {
  const [year, month] = [receivedAt.getUTCFullYear(), receivedAt.getUTCMonth() + 1];
  const thisMonth = day >= receivedAt.getUTCDate() ? utcDate(year, month, day) : null;
  return thisMonth ?? (month === 12 ? utcDate(year + 1, 1, day) : utcDate(year, month + 1, day));
}

/** Of a date's readings, the soonest that is not before the day it came in, nor more than a year and a half on. */
function soonest(dates: Date[], receivedAt: Date): Date | null {
  const from = Date.UTC(receivedAt.getUTCFullYear(), receivedAt.getUTCMonth(), receivedAt.getUTCDate()) - DAY_MS;
  const to = from + 550 * DAY_MS;
  const ahead = dates.filter((date) => date.getTime() >= from && date.getTime() <= to);
  return ahead.length === 0 ? null : ahead.reduce((first, date) => (date < first ? date : first));
}

function utcDate(year: number, month: number, day: number): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}
