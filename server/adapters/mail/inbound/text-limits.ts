// Bounds on what the inbound patterns read (decision 0055). A stranger writes the text, so every pattern gets input
// of a known size: lines are cut before a pattern reads them, and the patterns themselves are linear (no two
// unbounded quantifiers that can take the same characters), so a line costs at most its bounded length.

/**
 * RFC 5322's most characters on a line. Longer lines are not in well-formed mail; what a report says about a failed
 * recipient (an address, a reason, a status) is always far shorter.
 */
export const LINE_LIMIT = 998;

/** The most of a header-style field (folded lines and all) the report readers keep: a diagnostic, an address. */
export const FIELD_LIMIT = 2_000;

/** The most of one message's text the classification reads, and what is kept of it. */
export const TEXT_LIMIT = 100_000;

/** The text's lines, carriage returns removed, each cut to LINE_LIMIT. */
export function boundedLines(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .map((line) => line.slice(0, LINE_LIMIT));
}
