/**
 * Spintax: `{{spin: Hi | Hello | Hey}}` varies the words from lead to lead. The double braces and the "spin:" keep
 * it apart from a variable (`{firstName}`, `{company|there}`). Choices are split on `|`, trimmed, may be empty and
 * may hold variables (whose own `|` starts a fallback, not a choice); spins do not nest. Which choice a lead gets is
 * a hash of a seed and the spin's place in the text, so the same seed always gives the same words (decision 0028).
 * A `{{spin:` that is not closed by `}}` (or holds another spin or a stray brace) is left as written.
 */
import { pickIndex } from './fnv-hash';

const SPIN_OPEN = /\{\{\s*spin\s*:/gi;

type Spin = { start: number; end: number; choices: string[] };
type SpinScan = { spins: Spin[]; malformedAt: number[] };

/** The spin whose content starts at `from`, up to its `}}`; null when it is not closed properly. */
function readSpin(text: string, start: number, from: number): Spin | null {
  const choices: string[] = [];
  let choiceStart = from;
  let inVariable = false;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '{') {
      if (inVariable) return null;
      inVariable = true;
    } else if (char === '}') {
      if (inVariable) inVariable = false;
      else if (text[index + 1] === '}') {
        choices.push(text.slice(choiceStart, index).trim());
        return { start, end: index + 2, choices };
      } else return null;
    } else if (char === '|' && !inVariable) {
      choices.push(text.slice(choiceStart, index).trim());
      choiceStart = index + 1;
    }
  }
  return null;
}

function scanSpins(text: string): SpinScan {
  const scan: SpinScan = { spins: [], malformedAt: [] };
  let from = 0;
  for (const match of text.matchAll(SPIN_OPEN)) {
    if (match.index < from) continue;
    const contentStart = match.index + match[0].length;
    const spin = readSpin(text, match.index, contentStart);
    if (spin) {
      scan.spins.push(spin);
      from = spin.end;
    } else {
      // Left as written; a well-formed spin inside it still counts.
      scan.malformedAt.push(match.index);
      from = contentStart;
    }
  }
  return scan;
}

function replaceSpins(text: string, spins: Spin[], choose: (spin: Spin, index: number) => string): string {
  let out = '';
  let copied = 0;
  spins.forEach((spin, index) => {
    out += text.slice(copied, spin.start) + choose(spin, index);
    copied = spin.end;
  });
  return out + text.slice(copied);
}

/** The text with each spin replaced by the choice `seed` picks for it: the same seed, the same text. */
export function resolveSpins(text: string, seed: string): string {
  const { spins } = scanSpins(text);
  if (spins.length === 0) return text;
  return replaceSpins(text, spins, (spin, index) => spin.choices[pickIndex(`${seed}:${index}`, spin.choices.length)]);
}

/**
 * The most versions `spinVariants` makes. Each is a whole copy of the text that the content checks read again, so
 * a spin of thousands of choices cost thousands of passes (a 116 KB template took 13 s to score); choices past
 * this many are not checked.
 */
export const MAX_SPIN_VARIANTS = 20;

/**
 * Versions of the text for every choice (up to MAX_SPIN_VARIANTS) to appear in its place: the k-th takes each
 * spin's k-th choice (its last when it has fewer). The content checks read these, so a choice is checked as a lead
 * would receive it.
 */
export function spinVariants(text: string): string[] {
  const { spins } = scanSpins(text);
  const most = spins.reduce((widest, spin) => Math.max(widest, spin.choices.length), 1);
  const count = Math.min(most, MAX_SPIN_VARIANTS);
  return Array.from({ length: count }, (_, k) =>
    replaceSpins(text, spins, (spin) => spin.choices[Math.min(k, spin.choices.length - 1)]),
  );
}

const SNIPPET_LENGTH = 40;

/** Each `{{spin:` that is not a well-formed spin, as the author wrote it: to the end of its line, cut short. */
export function malformedSpins(text: string): string[] {
  return scanSpins(text).malformedAt.map((start) => {
    // Only as far as the snippet needs: splitting the rest of the text for each one was quadratic.
    const lineEnd = text.indexOf('\n', start);
    const line = text.slice(start, Math.min(lineEnd === -1 ? text.length : lineEnd, start + SNIPPET_LENGTH + 1));
    return line.length > SNIPPET_LENGTH ? `${line.slice(0, SNIPPET_LENGTH)}…` : line;
  });
}
