import { compile } from 'html-to-text';
import { renderHtmlBody, renderSubject, type TemplateLead } from '../../../contract/template-render';
import { sanitizeEmailHtml } from './sanitize-email-html';

/** A template rendered for one lead: the subject, the HTML part and its plain-text twin. */
export type RenderedEmail = { subject: string; html: string; text: string };

/** The plain-text converter, built once: building it costs more than converting a mail. */
const htmlToText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
  ],
});

/**
 * The seed of a lead's mail of one campaign step: its spins pick the same words on a retry of the row and when the
 * mail is read back (responses), and other words for another lead or step.
 */
export const stepSpinSeed = (leadId: number, step: number) => `${leadId}:${step}`;

/** `seed` picks the spins' words (see stepSpinSeed). */
export function renderEmail(
  template: { subject: string; body: string },
  lead: TemplateLead,
  seed: string,
): RenderedEmail {
  // Sanitised again once filled in: a lead value in an attribute (href="{company}") or a fallback that spans
  // markup could otherwise turn into a javascript: link or an event handler.
  const html = sanitizeEmailHtml(renderHtmlBody(template.body, lead, seed));
  return {
    subject: renderSubject(template.subject, lead, seed),
    html,
    text: htmlToText(html),
  };
}
