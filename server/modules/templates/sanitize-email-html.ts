import sanitizeHtml from 'sanitize-html';

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

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
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
