// Plain text from template HTML without a DOM: the result is only ever rendered as React text, so nothing in a
// template can run or inject markup on the screen, whatever the HTML holds.

const SKIPPED_ELEMENTS = /<(script|style|head|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?-->/g;
// A tag, with quoted attribute values that may themselves contain '>'.
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g;
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
  const withoutTags = html
    .replace(COMMENTS, ' ')
    .replace(SKIPPED_ELEMENTS, ' ')
    .replace(TAG, (_tag, name: string) => (BLOCK_TAGS.has(name.toLowerCase()) ? ' ' : ''));
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/** A short preview of a body, cut at a word boundary where one is near. */
export function excerptFromHtml(html: string, maxLength: number): string {
  const text = htmlToPlainText(html);
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** True when the HTML shows no text: an editor holding only empty paragraphs counts as empty (SPEC §5). */
export function isBlankHtml(html: string): boolean {
  return htmlToPlainText(html) === '';
}
