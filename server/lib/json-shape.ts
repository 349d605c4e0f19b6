/** What a JSON text will become once parsed, counted without parsing it. */
export type JsonShape = {
  /** Objects and arrays: each costs a heap object of its own, about 20 times its two characters. */
  containers: number;
  /** Object members (keys): each costs a property slot, more in the dictionary mode of large objects. */
  members: number;
  /** Values of every kind, an upper bound (separators plus one). */
  values: number;
};

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const COLON = 58;
const COMMA = 44;

/**
 * Counts a JSON text's structure in one linear pass (strings skipped with indexOf), so the heap a body will take can
 * be known before JSON.parse builds it. Text that is not valid JSON is counted all the same; the parser refuses it.
 */
export function jsonShape(text: string): JsonShape {
  let containers = 0;
  let members = 0;
  let commas = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = closingQuote(text, i);
      if (i === -1) break;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) containers++;
    else if (code === COLON) members++;
    else if (code === COMMA) commas++;
  }
  return { containers, members, values: commas + 1 };
}

/** The index of the quote that closes the string opened at `open`, or -1. Each backslash is looked at once. */
function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/**
 * Heap bytes a body may take from its arrival to its answer: its text held up to three times over while it is read,
 * decoded and parsed into strings, and the objects, members and values JSON.parse builds, twice (the schema check
 * returns a copy). Measured on Node 24: an empty object 64 bytes, a member of a large object about 40, a value 8–16.
 */
export function estimatedHeapBytes(textLength: number, shape: JsonShape): number {
  return 3 * textLength + 160 * shape.containers + 80 * shape.members + 32 * shape.values;
}
