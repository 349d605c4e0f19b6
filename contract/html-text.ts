// Plain text from template HTML without a DOM: the result is only ever rendered as React text, so nothing in a
// template can run or inject markup on the screen, whatever the HTML holds.

const SKIPPED_OPENING = /<(script|style|head|title)\b[^>]*>/gi;
// A tag, with quoted attribute values that may themselves contain '>'. The name ends where letters do: else a '<'
// and a long word with no '>' after it was split every possible way between name and attributes (quadratic).
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)(?![a-zA-Z0-9-])(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi;

function codePointText(codePoint: number, original: string): string {
  return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : original;
}

// One pass, so "&amp;lt;" becomes the text "&lt;" and not "<".
function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return codePointText(Number.parseInt(decimal, 10), entity);
    if (hex) return codePointText(Number.parseInt(hex, 16), entity);
    return NAMED_ENTITIES[name?.toLowerCase() ?? ''] ?? entity;
  });
}

/** The text a reader sees, on one line: blocks become spaces, runs of whitespace collapse. */
export function htmlToPlainText(html: string): string {
  // Each pattern below scans from an opening to its `>` or `-->`, so an opening with none after it scanned to the
  // end, and thousands of such openings took seconds each (quadratic). Nothing past the last `>` can be a tag,
  // a comment or a skipped element: only the text before it is matched.
  const end = html.lastIndexOf('>') + 1;
  const withoutTags = withoutSkippedElements(withoutComments(html.slice(0, end))).replace(TAG, (_tag, name: string) =>
    BLOCK_TAGS.has(name.toLowerCase()) ? ' ' : '',
  );
  return decodeEntities(withoutTags + html.slice(end))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Script, style, head and title elements as spaces, their content and all. Once one has no closing tag, no later one
 * of that name has, and they stay (as a single pattern left them), without looking for the closing again.
 */
function withoutSkippedElements(html: string): string {
  const lower = html.toLowerCase();
  const unclosed = new Set<string>();
  let text = '';
  let from = 0;
  for (const opening of html.matchAll(SKIPPED_OPENING)) {
    const name = opening[1].toLowerCase();
    if (opening.index < from || unclosed.has(name)) continue;
    const closing = new RegExp(`</${name}\\s*>`, 'g');
    closing.lastIndex = opening.index + opening[0].length;
    const found = closing.exec(lower);
    if (!found) {
      unclosed.add(name);
      continue;
    }
    text += `${html.slice(from, opening.index)} `;
    from = found.index + found[0].length;
  }
  return text + html.slice(from);
}

/** Comments as spaces, found with indexOf: once one is not closed, none after it is, and the rest is text. */
function withoutComments(html: string): string {
  let text = '';
  let from = 0;
  for (let start = html.indexOf('<!--'); start !== -1; start = html.indexOf('<!--', from)) {
    const close = html.indexOf('-->', start + 4);
    if (close === -1) break;
    text += `${html.slice(from, start)} `;
    from = close + 3;
  }
  return text + html.slice(from);
}

/** A short preview of a body, cut at a word boundary where one is near. */
export function excerptFromHtml(html: string, maxLength: number): string {
  const text = htmlToPlainText(html);
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** True when the HTML shows no text: an editor holding only empty paragraphs counts as empty (docs/product.md §5). */
export function isBlankHtml(html: string): boolean {
  return htmlToPlainText(html) === '';
}
