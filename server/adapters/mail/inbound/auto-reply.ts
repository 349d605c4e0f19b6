// RFC 3834 automatic replies (vacation, out of office): told by their headers, else by their subject.

export interface AutoReplyHeaders {
  /** Lower-cased header name → its raw value(s). */
  get(name: string): string | undefined;
}

const AUTO_REPLY_SUBJECTS: RegExp[] = [
  /\bout of (the )?office\b/i,
  /\bautomatic reply\b/i,
  /\bauto(matic)?[- ]?(reply|response|respons|responder)\b/i,
  /^\s*auto(reply|respons\w*)?\s*:/i,
  /\bautoreply\b/i,
  /\bvacation\b|\babsence\b|\baway (until|from)\b/i,
  /\babwesenheitsnotiz\b|\bautomatische antwort\b/i,
  /\br[ée]ponse automatique\b/i,
  /\brespuesta autom[áa]tica\b|\bfuera de la oficina\b/i,
  /\brisposta automatica\b|\bfuori ufficio\b/i,
  /\bautomatisch antwoord\b|\bafwezig\b/i,
  /\bresposta autom[áa]tica\b/i,
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_NAME = `(${MONTHS.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)})?`).join('|')})\\.?`;
// "back on", "return on", "returning", "until", "zurück am", "de retour le", "de vuelta el"…
const RETURN_CUE =
  '(?:back|return(?:ing)?|returns|in the office|available|until|till|zur[üu]ck|wieder da|de retour|retour|de vuelta|di ritorno|terug)';

export function isAutoReply(headers: AutoReplyHeaders, subject: string): boolean {
  const autoSubmitted = headers.get('auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return true;
  if (headers.get('x-autoreply') || headers.get('x-autorespond') || headers.get('x-auto-response-suppress')) {
    return true;
  }
  const precedence = headers.get('precedence')?.trim().toLowerCase();
  if (precedence && ['auto_reply', 'bulk', 'junk'].includes(precedence)) return true;
  return AUTO_REPLY_SUBJECTS.some((pattern) => pattern.test(subject));
}

/** The first return date stated after a return cue ("back on 2 December 2026"), as YYYY-MM-DD, else null. */
export function findReturnDate(text: string): string | null {
  const cue = new RegExp(`${RETURN_CUE}[^.\\n]{0,40}?`, 'gi');
  for (const match of text.matchAll(cue)) {
    const date = readDateAt(text.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + 120));
    if (date) return date;
  }
  return null;
}

function readDateAt(text: string): string | null {
  const iso = /^\D{0,20}?(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return isoDate(+iso[1], +iso[2], +iso[3]);
  const dayMonthYear = new RegExp(
    `^\\D{0,20}?(\\d{1,2})(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?${MONTH_NAME}\\s*,?\\s+(\\d{4})`,
    'i',
  ).exec(text);
  if (dayMonthYear) return isoDate(+dayMonthYear[3], monthNumber(dayMonthYear[2]), +dayMonthYear[1]);
  const monthDayYear = new RegExp(
    `^[^\\d\\n]{0,20}?${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s+(\\d{4})`,
    'i',
  ).exec(text);
  if (monthDayYear) return isoDate(+monthDayYear[3], monthNumber(monthDayYear[1]), +monthDayYear[2]);
  // Slashed dates are read month first (12/02/2026 is 2 December), dotted and dashed ones day first (12.02.2026 is
  // 12 February), as they are mostly written; a first number above 12 can only be the day.
  const numeric = /^\D{0,20}?(\d{1,2})([./-])(\d{1,2})[./-](\d{4})\b/.exec(text);
  if (numeric) {
    const [first, second, year] = [+numeric[1], +numeric[3], +numeric[4]];
    const monthFirst = numeric[2] === '/' && first <= 12;
    return monthFirst ? isoDate(year, first, second) : isoDate(year, second, first);
  }
  return null;
}

function monthNumber(name: string): number {
  const prefix = name.slice(0, 3).toLowerCase();
  return MONTHS.findIndex((month) => month.startsWith(prefix)) + 1;
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
