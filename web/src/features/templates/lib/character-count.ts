import { TEMPLATE_BODY_MAX_LENGTH, TEMPLATE_NAME_MAX_LENGTH, TEMPLATE_SUBJECT_MAX_LENGTH } from '@contract/templates';

/** The server's limits (contract/templates.ts), which the editor counts against while the user writes. */
export const TEMPLATE_LIMITS = {
  name: TEMPLATE_NAME_MAX_LENGTH,
  subject: TEMPLATE_SUBJECT_MAX_LENGTH,
  body: TEMPLATE_BODY_MAX_LENGTH,
} as const;

/** A counter shows from this share of a limit on: further below, it would only be noise. */
const SHOWN_FROM = 0.8;

export type CharacterCount = { text: string; over: boolean };

const format = (count: number) => count.toLocaleString('en-US');

/**
 * "987 / 998 characters" once `length` nears `max`, and how many are too many past it; null well below it. Past the
 * limit the field is flagged rather than cut: a paste cut short would lose text without a word.
 */
export function characterCount(length: number, max: number, unit = 'characters'): CharacterCount | null {
  if (length < max * SHOWN_FROM) return null;
  const text = `${format(length)} / ${format(max)} ${unit}`;
  if (length <= max) return { text, over: false };
  return { text: `${text}: ${format(length - max)} too many`, over: true };
}
