/**
 * The one renderer for templates: the editor's live preview and the sending engine both call it, so a preview is
 * exactly what a lead receives. Only {firstName}, {lastName}, {email} and {company} are substituted, optionally
 * with a fallback: {firstName|there}, after spins ({{spin: Hi | Hello}}, see spintax.ts) have picked their words for
 * the seed. There is no other syntax: a template cannot reach code, files or settings. Substitution is one pass
 * after the spins, so a lead value that itself contains "{company}" or a spin stays as typed.
 */
import { resolveSpins } from './spintax';

export const TEMPLATE_VARIABLES = ['firstName', 'lastName', 'email', 'company'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateLead = Partial<Record<TemplateVariable, string | null | undefined>>;

// Anything shaped like a variable, known or not, so the content checks can name unknown ones; only known names
// are substituted.
const PLACEHOLDER = /\{\s*([A-Za-z_][\w.]*)\s*(?:\|([^{}]*))?\}/g;

const isTemplateVariable = (name: string): name is TemplateVariable =>
  (TEMPLATE_VARIABLES as readonly string[]).includes(name);

export type TemplatePlaceholder = { name: string; fallback: string | undefined; known: boolean };

/** Every variable-shaped placeholder in the text, in order: `{firstName|there}` gives firstName with "there". */
export function templatePlaceholders(text: string): TemplatePlaceholder[] {
  return [...text.matchAll(PLACEHOLDER)].map(([, name, fallback]) => ({
    name,
    fallback,
    known: isTemplateVariable(name),
  }));
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function substitute(text: string, lead: TemplateLead, encode: (value: string) => string): string {
  return text.replace(PLACEHOLDER, (match, name: string, fallback: string | undefined) => {
    if (!isTemplateVariable(name)) return match;
    const value = lead[name]?.trim();
    // The fallback is the template's own text (already sanitised HTML in a body), so only lead data is encoded.
    return value ? encode(value) : (fallback?.trim() ?? '');
  });
}

/**
 * The subject line: plain text, no line breaks (a header cannot be split by a lead's data). `seed` picks the spins'
 * words: the same seed, the same subject.
 */
export function renderSubject(subject: string, lead: TemplateLead, seed: string): string {
  return substitute(resolveSpins(subject, `${seed}:subject`), lead, (value) => value).replace(/[\r\n]+/g, ' ');
}

/**
 * The HTML body: the (already sanitised) template HTML with lead values inserted as escaped text. A spin's choices
 * are the template's own HTML, like the text around them, so they go in as written.
 */
export function renderHtmlBody(html: string, lead: TemplateLead, seed: string): string {
  return substitute(resolveSpins(html, `${seed}:body`), lead, escapeHtml);
}

/** A sample lead for previews when no real lead is chosen. */
export const SAMPLE_LEAD: TemplateLead = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria.lopez@example.com',
  company: 'Bayside Realty',
};
