import { compile } from 'html-to-text';
import type { ErrorCode } from '../../../contract/errors';
import { renderHtmlBody, renderSubject, type TemplateLead } from '../../../contract/template-render';
import { DomainError } from '../../lib/domain-error';
import { sanitizeEmailHtml } from './sanitize-email-html';

/**
 * How much a lead's details may add to a template's body once filled in. A real mail adds a few hundred bytes
 * (names in a greeting, a company or two); {firstName} written 27,000 times adds megabytes, and cleaning and
 * converting such a body took seconds per lead (found by fuzzing). The lead's mail fails with the reason instead.
 */
export const PERSONALISATION_LIMIT_BYTES = 256 * 1024;

export class EmailTooLargeError extends DomainError {
  readonly code: ErrorCode = 'email_too_large';
  constructor() {
    super(
      `Not sent: this lead's details make the email more than ${PERSONALISATION_LIMIT_BYTES / 1024} KB longer than its template. Use the variables fewer times in the template, or shorten the lead's details.`,
    );
  }
}

/** A template rendered for one lead: the subject, the HTML part and its plain-text twin. */
export type RenderedEmail = { subject: string; html: string; text: string };

/** The plain-text converter, built once: building it costs more than converting a mail. */
const htmlToText = compile({
  wordwrap: 78,
  // The converter walks the tree recursively: thousands of unclosed tags nested that deep overflowed the stack.
  // No real mail nests this deep; text below it is left out of the plain-text part.
  limits: { maxDepth: 200 },
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

/** `seed` picks the spins' words (see stepSpinSeed). Throws EmailTooLargeError past PERSONALISATION_LIMIT_BYTES. */
export function renderEmail(
  template: { subject: string; body: string },
  lead: TemplateLead,
  seed: string,
): RenderedEmail {
  // Sanitised again once filled in: a lead value in an attribute (href="{company}") or a fallback that spans
  // markup could otherwise turn into a javascript: link or an event handler.
  const filled = renderHtmlBody(template.body, lead, seed);
  if (filled.length - template.body.length > PERSONALISATION_LIMIT_BYTES) throw new EmailTooLargeError();
  const html = sanitizeEmailHtml(filled);
  return {
    subject: renderSubject(template.subject, lead, seed),
    html,
    text: htmlToText(html),
  };
}
