import sanitizeHtml from 'sanitize-html';
import { MAX_TEMPLATE_TAGS, TAG_START } from '../../../contract/templates';

/**
 * The allowlist for template HTML: what the rich-text editor produces and mail clients render. No scripts, no
 * event handlers, no styles, no forms, and links only to http(s), mailto and tel.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'hr',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open outside the mail client's frame and do not leak the opener.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/**
 * Tags past MAX_TEMPLATE_TAGS become text ('<' → '&lt;', which can form no new tag), so the cleaner's time stays
 * bounded whatever it is given. A saved template never has that many (the body's rule); an AI draft could.
 */
function boundTags(html: string): string {
  let seen = 0;
  return html.replace(TAG_START, (start) => (++seen > MAX_TEMPLATE_TAGS ? '&lt;' : start));
}

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(boundTags(html), options).trim();
}

/**
 * An AI body without block markup (plain text, maybe with inline tags) becomes paragraphs at its blank lines, so it
 * reads the same in a mail client; a body with paragraphs or lists passes through. The result is sanitised after.
 */
export function textToHtml(text: string): string {
  if (/<(p|ul|ol|h[1-6]|div|br|blockquote)\b/i.test(text)) return text;
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
