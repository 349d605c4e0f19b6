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

export function renderEmail(template: { subject: string; body: string }, lead: TemplateLead): RenderedEmail {
  // Sanitised again once filled in: a lead value in an attribute (href="{company}") or a fallback that spans
  // markup could otherwise turn into a javascript: link or an event handler.
  const html = sanitizeEmailHtml(renderHtmlBody(template.body, lead));
  return {
    subject: renderSubject(template.subject, lead),
    html,
    text: htmlToText(html),
  };
}
