/**
 * The template editor's deliverability checks, written once: the editor runs them as the user types and
 * POST /api/templates/score runs the same, adding what needs the user's leads. Findings advise; none blocks saving.
 */
import { z } from 'zod';
import { ratePercent } from './display';
import { htmlToPlainText } from './html-text';
import { SPAM_PHRASES } from './spam-phrases';
import { malformedSpins, spinVariants } from './spintax';
import { TEMPLATE_VARIABLES, type TemplateVariable, templatePlaceholders } from './template-render';

/** What each finding costs out of 100: how much it usually hurts inbox placement. */
export const FINDING_WEIGHTS = {
  subject_too_short: 5,
  subject_too_long: 10,
  subject_all_caps: 15,
  spam_phrases: 20,
  too_many_links: 10,
  link_shortener: 15,
  image_only: 30,
  image_heavy: 10,
  missing_plain_text: 30,
  unknown_variables: 15,
  /** A `{{spin:` not closed by `}}` goes out as typed. */
  malformed_spin: 15,
  exclamation_marks: 10,
  attachments_first_touch: 15,
  /** One per variable; only the server can count the user's leads. */
  variable_often_empty: 10,
} as const;
export type FindingCode = keyof typeof FINDING_WEIGHTS;

export const templateFindingSchema = z.object({ code: z.string(), message: z.string(), advice: z.string() });
export type TemplateFinding = { code: FindingCode; message: string; advice: string };

const weekNumber = z.number().int().min(1).max(52).nullable();

/** POST /api/templates/score; the attachments and week let it tell a first touch carrying files. */
export const templateScoreRequestSchema = z.object({
  subject: z.string({ error: 'Subject must be text' }).max(998, { error: 'Subject must be at most 998 characters' }),
  body: z.string({ error: 'Body must be text' }).max(500_000, { error: 'Body is too long' }),
  attachmentsCount: z.number().int().min(0).default(0),
  weekNumber: weekNumber.default(null),
});
export type TemplateScoreRequest = z.input<typeof templateScoreRequestSchema>;

export const templateScoreSchema = z.object({
  score: z.number().int().min(0).max(100),
  findings: z.array(templateFindingSchema),
});
export type TemplateScore = { score: number; findings: TemplateFinding[] };

export const SUBJECT_MIN_LENGTH = 10;
export const SUBJECT_MAX_LENGTH = 60;
export const MAX_LINKS = 2;
/** Below this much text per image a body reads as a picture with a caption, as image-only spam does. */
export const TEXT_CHARS_PER_IMAGE = 200;
/** More exclamation marks than this in the body (or any in the subject) reads as shouting. */
export const MAX_BODY_EXCLAMATIONS = 2;

export const LINK_SHORTENERS: readonly string[] = [
  'bit.ly',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  'bl.ink',
  'v.gd',
  's.id',
];

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const IMAGE = /<img\b/gi;
// Words of four or more letters (short acronyms such as SEO or USA are fine), read with the variables removed.
const CAPS_WORD = /\b[A-Z]{4,}\b/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SPAM_PATTERNS = SPAM_PHRASES.map((phrase) => ({
  phrase,
  pattern: new RegExp(`(?<![\\w$])${escapeRegExp(phrase)}(?![\\w$])`, 'i'),
}));

const quoted = (items: string[]) => items.map((item) => `"${item}"`).join(', ');

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * Each `<a …>` tag, found with indexOf from one tag's `>` to the next `<a`. A pattern such as `<a\b[^>]*?href` ran
 * from every `<a` to the next `>`, so thousands of `<a ` before one `>` (or none) took seconds (quadratic).
 */
function anchorTags(body: string): string[] {
  const lower = body.toLowerCase();
  const tags: string[] = [];
  let from = 0;
  for (let start = lower.indexOf('<a', from); start !== -1; start = lower.indexOf('<a', from)) {
    const end = body.indexOf('>', start);
    if (end === -1) break;
    if (/[\s/>]/.test(body[start + 2])) tags.push(body.slice(start, end + 1));
    from = /[\s/>]/.test(body[start + 2]) ? end + 1 : start + 2;
  }
  return tags;
}

/** The distinct web addresses a reader can follow: link targets plus addresses typed as text. */
function linksIn(body: string, text: string): string[] {
  const hrefs = anchorTags(body).map((tag) => {
    const [, double, single] = HREF.exec(tag) ?? [];
    return (double ?? single ?? '').trim();
  });
  const typed = text.match(URL_PATTERN) ?? [];
  return [...new Set([...hrefs, ...typed].filter((url) => /^https?:\/\//i.test(url)))];
}

function subjectFindings(subject: string): TemplateFinding[] {
  const findings: TemplateFinding[] = [];
  const trimmed = subject.trim();
  if (!trimmed) return findings;
  if (trimmed.length < SUBJECT_MIN_LENGTH) {
    findings.push({
      code: 'subject_too_short',
      message: `The subject has ${trimmed.length} characters; very short subjects look automated and say little.`,
      advice: `Write a subject of ${SUBJECT_MIN_LENGTH} to ${SUBJECT_MAX_LENGTH} characters that names what the mail is about.`,
    });
  }
  if (trimmed.length > SUBJECT_MAX_LENGTH) {
    findings.push({
      code: 'subject_too_long',
      message: `The subject has ${trimmed.length} characters; phones cut it off after about ${SUBJECT_MAX_LENGTH}.`,
      advice: `Shorten the subject to ${SUBJECT_MAX_LENGTH} characters or fewer, keeping the key words first.`,
    });
  }
  const capsWords = templateTextWithoutVariables(subject).match(CAPS_WORD) ?? [];
  if (capsWords.length > 0) {
    findings.push({
      code: 'subject_all_caps',
      message: `The subject shouts in capitals (${quoted([...new Set(capsWords)])}), a common spam-filter signal.`,
      advice: 'Write the subject in normal sentence case.',
    });
  }
  return findings;
}

const templateTextWithoutVariables = (text: string) => text.replace(/\{[^{}]*\}/g, ' ');

const uniqueByCode = (findings: TemplateFinding[]) =>
  findings.filter((finding, index) => findings.findIndex((other) => other.code === finding.code) === index);

function bodyFindings(body: string, text: string): TemplateFinding[] {
  const findings: TemplateFinding[] = [];
  const images = body.match(IMAGE)?.length ?? 0;
  if (!text && images > 0) {
    findings.push({
      code: 'image_only',
      message: 'The body is only images: filters cannot read it and many readers see nothing until images load.',
      advice: 'Write your message as text and keep images as an extra, if at all.',
    });
  } else if (!text) {
    findings.push({
      code: 'missing_plain_text',
      message: 'The body has no text for readers or spam filters to read.',
      advice: 'Write the message as text in the body.',
    });
  } else if (images > 0 && text.length < images * TEXT_CHARS_PER_IMAGE) {
    findings.push({
      code: 'image_heavy',
      message: `The body has ${images} image${images === 1 ? '' : 's'} and only ${text.length} characters of text, which filters treat as an image mail.`,
      advice: `Use fewer images or more text: about ${TEXT_CHARS_PER_IMAGE} characters of text per image.`,
    });
  }

  const links = linksIn(body, text);
  if (links.length > MAX_LINKS) {
    findings.push({
      code: 'too_many_links',
      message: `The body has ${links.length} links; first mails with many links look like marketing.`,
      advice: `Keep to ${MAX_LINKS} links or fewer, ideally one clear link or none.`,
    });
  }
  const shorteners = [
    ...new Set(links.map(hostOf).filter((host): host is string => host !== null && LINK_SHORTENERS.includes(host))),
  ];
  if (shorteners.length > 0) {
    findings.push({
      code: 'link_shortener',
      message: `Links through ${shorteners.join(', ')} hide where they lead, and spammers use them so often that filters distrust them.`,
      advice: 'Link to the full address on your own website instead.',
    });
  }
  const exclamations = text.match(/!/g)?.length ?? 0;
  if (exclamations > MAX_BODY_EXCLAMATIONS) {
    findings.push({
      code: 'exclamation_marks',
      message: `The body has ${exclamations} exclamation marks, which reads as a sales pitch.`,
      advice: 'Use full stops; keep one exclamation mark at most.',
    });
  }
  return findings;
}

/**
 * The content checks that need nothing but the template: subject, spam phrases, links, images, text, variables,
 * exclamation marks and attachments on a first touch (a template for week 1 or for no set week).
 */
export function templateContentFindings(input: {
  subject: string;
  body: string;
  attachmentsCount?: number;
  weekNumber?: number | null;
}): TemplateFinding[] {
  const { subject, body } = input;
  // Each spin's choices are checked in place, as leads receive them; a finding counts once whichever choice has it.
  const subjects = spinVariants(subject);
  const bodies = spinVariants(body).map((html) => ({ html, text: htmlToPlainText(html) }));
  const findings = uniqueByCode([
    ...subjects.flatMap(subjectFindings),
    ...bodies.flatMap(({ html, text }) => bodyFindings(html, text)),
  ]);

  if (subject.includes('!') && !findings.some((finding) => finding.code === 'exclamation_marks')) {
    findings.push({
      code: 'exclamation_marks',
      message: 'The subject has an exclamation mark, which reads as a sales pitch and draws spam filters.',
      advice: 'End the subject without an exclamation mark.',
    });
  }

  const spamPhrases = SPAM_PATTERNS.filter(
    ({ pattern }) => subjects.some((text) => pattern.test(text)) || bodies.some(({ text }) => pattern.test(text)),
  ).map(({ phrase }) => phrase);
  if (spamPhrases.length > 0) {
    findings.push({
      code: 'spam_phrases',
      message: `The template uses phrases spam filters look for: ${quoted(spamPhrases)}.`,
      advice: 'Say the same thing in plain, specific words, as you would to one person.',
    });
  }

  const unknown = [
    ...new Set(
      [...templatePlaceholders(subject), ...templatePlaceholders(body)]
        .filter((placeholder) => !placeholder.known)
        .map((placeholder) => `{${placeholder.name}}`),
    ),
  ];
  if (unknown.length > 0) {
    findings.push({
      code: 'unknown_variables',
      message: `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a variable' : 'are not variables'}: leads would receive the braces as typed.`,
      advice: `Use only ${TEMPLATE_VARIABLES.map((name) => `{${name}}`).join(', ')}, or write the text out.`,
    });
  }

  const malformed = [...malformedSpins(subject), ...malformedSpins(htmlToPlainText(body))];
  if (malformed.length > 0) {
    findings.push({
      code: 'malformed_spin',
      message: `${quoted(malformed)} ${malformed.length === 1 ? 'is not a complete spin: leads would receive it' : 'are not complete spins: leads would receive them'} as typed.`,
      advice:
        'Write a spin as {{spin: Hi | Hello | Hey}}: choices split by |, closed by }}, with no spin inside another.',
    });
  }

  const firstTouch = input.weekNumber == null || input.weekNumber === 1;
  if ((input.attachmentsCount ?? 0) > 0 && firstTouch) {
    findings.push({
      code: 'attachments_first_touch',
      message: 'Attachments in a first mail to someone who does not know you are a strong spam and malware signal.',
      advice: 'Send the first mail without attachments; offer the file, or attach it to a later step.',
    });
  }
  return findings;
}

/** The variables used without a fallback, which a lead with that field empty would receive as nothing. */
export function variablesWithoutFallback(subject: string, body: string): TemplateVariable[] {
  const used = [...templatePlaceholders(subject), ...templatePlaceholders(body)];
  const bare = used.filter((item) => item.known && !item.fallback?.trim());
  return [...new Set(bare.map((item) => item.name as TemplateVariable))];
}

/** Above this share of active leads with the field empty, a variable without a fallback is worth a warning. */
export const EMPTY_VARIABLE_SHARE = 0.1;

/** `{name}` has no fallback and `empty` of the user's `active` leads have that field empty. */
export function variableOftenEmptyFinding(name: string, empty: number, active: number): TemplateFinding {
  return {
    code: 'variable_often_empty',
    message: `{${name}} is empty for ${ratePercent(empty, active)}% of your active leads (${empty} of ${active}): they would get a blank where it stands.`,
    advice: `Add a fallback such as {${name}|there}, or fill in the missing values on the Leads page.`,
  };
}

/** 100 less the weight of every finding, never below 0. */
export function contentScore(findings: readonly TemplateFinding[]): number {
  const penalty = findings.reduce((sum, finding) => sum + FINDING_WEIGHTS[finding.code], 0);
  return Math.max(0, 100 - penalty);
}

export type ScoreBand = 'good' | 'ok' | 'poor';
export const scoreBand = (score: number): ScoreBand => (score >= 80 ? 'good' : score >= 50 ? 'ok' : 'poor');
