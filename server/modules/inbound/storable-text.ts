import type { InboundDetails } from '../../db/schema';

/**
 * Text from a stranger's mail as PostgreSQL stores it: without NUL (a text column refuses it) and with lone
 * surrogates replaced. Refused, the message could not be stored and the reader would read it again at every session
 * (decision 0055).
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').toWellFormed();
}

/** A report's details with each text made storable (they are stored as JSON, which refuses \u0000 as well). */
export function storableDetails(details: InboundDetails): InboundDetails {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [key, typeof value === 'string' ? storableText(value) : value]),
  ) as InboundDetails;
}
