/**
 * When a prompt says its email is for: a season ("this spring", "before winter"), a month ("in August"), a time of
 * year ("tax season", "the holidays") or a day or stretch ("on Saturday", "this month"). Read from a phrase's words.
 */
export type Moment = {
  /** As it reads at the end of a sentence ("this spring", "on Saturday"); null when it describes the offer itself
   * ("our spring open house"). */
  phrase: string | null;
  /** The time of year it names, for an opening ("spring", "August", "tax season"); null for a day or a stretch. */
  season: string | null;
};

type MomentWords = { words: string[]; season: string | null; needsLead: boolean };

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const AMBIGUOUS_MONTHS = new Set(['march', 'may', 'august']);

const MOMENTS: MomentWords[] = [
  ...'spring summer fall autumn winter'.split(' ').map((word) => ({ words: [word], season: word, needsLead: false })),
  ...MONTHS.map((month) => ({ words: [month], season: capitalise(month), needsLead: AMBIGUOUS_MONTHS.has(month) })),
  ...'monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight'
    .split(' ')
    .map((word) => ({ words: [word], season: null, needsLead: false })),
  ...'weekend week month year quarter'.split(' ').map((word) => ({ words: [word], season: null, needsLead: true })),
  ...[
    ['tax season'],
    ['hurricane season'],
    ['storm season'],
    ['flu season'],
    ['allergy season'],
    ['wedding season'],
    ['moving season'],
    ['renewal season'],
    ['open enrollment'],
    ['holiday season', 'the holidays'],
    ['holidays', 'the holidays'],
    ['back-to-school season', 'back-to-school season'],
    ['back to school', 'back-to-school season'],
    ['back-to-school', 'back-to-school season'],
    ['school year', 'the new school year'],
    ['new year', 'the new year'],
    ['year-end', 'the end of the year'],
    ['year end', 'the end of the year'],
    ['spring break'],
    ['summer break'],
  ].map(([words, season]) => ({ words: words.split(' '), season: season ?? words, needsLead: false })),
].sort((a, b) => b.words.length - a.words.length);

/** Words that put a moment at the end of a sentence: "this spring", "ahead of tax season", "on Saturday". */
const LEADS = [
  'ahead of',
  'the end of',
  'end of',
  'in time for',
  'this',
  'next',
  'coming',
  'before',
  'during',
  'in',
  'by',
  'for',
  'over',
  'until',
  'till',
  'after',
  'early',
  'late',
  'mid',
  'on',
  'every',
  'throughout',
  'around',
  'last',
].map((lead) => lead.split(' '));

/** After a moment, these words show it is not describing the next word ("spring is here", "Saturday morning"). */
const AFTER_MOMENT =
  /^(,|is|are|was|comes|coming|starts|starting|begins|arrives|approaches|hits|morning|afternoon|evening|night|and|or|to|for|with|so|but|when|while|at|in|from|offering|inviting|about)$/;

const matchesAt = (words: string[], start: number, expected: string[]) =>
  expected.every((word, offset) => words[start + offset]?.toLowerCase() === word);

/** Words that start something else rather than being described by a moment: "this spring the…", "in August we…". */
const NOT_DESCRIBED =
  /^(a|an|the|our|your|their|we|i|you|they|who|that|which|if|as|is|are|will|can|please|thanks|then|also|plus|this|next|ask|book|call|reply|visit|offer|invite|remind|tell|let|keep|make|[a-z]+ing|[a-z]+ly)$/;

const DAYS = new Set('monday tuesday wednesday thursday friday saturday sunday'.split(' '));
/** The word a moment takes when the prompt names it alone. */
const alone = (known: MomentWords) =>
  DAYS.has(known.words[0]) ? 'on' : /^(today|tomorrow|tonight)$/.test(known.words[0]) ? '' : 'this';

export type MomentMatch = { start: number; end: number; moment: Moment };

/** The first moment in the words, with where it stands, or null. */
export function findMoment(words: string[]): MomentMatch | null {
  for (let start = 0; start < words.length; start++) {
    const lead = LEADS.find((candidate) => matchesAt(words, start, candidate)) ?? [];
    let at = start + lead.length;
    if (lead.length > 0 && words[at]?.toLowerCase() === 'the') at++;
    const known = MOMENTS.find((candidate) => matchesAt(words, at, candidate.words));
    if (!known) continue;
    if (known.needsLead && lead.length === 0) continue;
    let end = at + known.words.length;
    const next = words[end]?.toLowerCase();
    let season = known.season;
    if (next && /^(morning|afternoon|evening|night)$/.test(next)) end++;
    // "March 31", "June 1st": a date, not a time of year.
    else if (next && MONTHS.includes(known.words[0]) && /^\d{1,2}(st|nd|rd|th)?$/.test(next)) {
      end++;
      season = null;
    }
    const after = words[end]?.toLowerCase();
    // "spring open house": the season says which open house; it stays in the phrase and still sets the opening.
    const describesNext = lead.length === 0 && after !== undefined && !AFTER_MOMENT.test(after);
    // "before the winter storms": after a lead, what the moment describes belongs to the moment.
    for (
      let extra = 0;
      lead.length > 0 &&
      extra < 2 &&
      /^[a-z]+$/.test(words[end] ?? '') &&
      !AFTER_MOMENT.test(words[end]) &&
      !NOT_DESCRIBED.test(words[end]);
      extra++
    ) {
      end++;
    }
    const said = words.slice(start, end).join(' ');
    // A moment named alone reads after a sentence as "this spring", "on Saturday".
    const phrase = describesNext ? null : lead.length > 0 || known.needsLead ? said : `${alone(known)} ${said}`.trim();
    return { start, end: describesNext ? start : end, moment: { phrase, season } };
  }
  return null;
}
