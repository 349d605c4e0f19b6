/** The header block of a raw message, unfolded into one line per field. */
function headerFields(source: Buffer): string[] {
  const text = source.subarray(0, 64 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

/** One tag of a DKIM-Signature's tag list (RFC 6376 §3.2), without its whitespace. */
function tagValue(signature: string, tag: string): string | null {
  const match = signature.match(new RegExp(`(?:^|;)\\s*${tag}\\s*=\\s*([^;]*)`, 'i'));
  return match ? match[1].replace(/\s+/g, '') : null;
}

/**
 * The DKIM selectors that signed a message from `domain` for `domain` itself: a mail the account sent to itself or
 * that came back shows which selector its provider signs with, for the domain's health check.
 */
export function ownDkimSelectors(source: Buffer, domain: string): string[] {
  const fields = headerFields(source);
  const from = fields.find((field) => /^from:/i.test(field)) ?? '';
  const fromDomain = from.match(/@([A-Za-z0-9.-]+)>?\s*$/)?.[1]?.toLowerCase();
  if (fromDomain !== domain) return [];
  return fields
    .filter((field) => /^dkim-signature:/i.test(field))
    .map((field) => field.slice(field.indexOf(':') + 1))
    .filter((signature) => tagValue(signature, 'd')?.toLowerCase() === domain)
    .map((signature) => tagValue(signature, 's') ?? '')
    .filter((selector) => /^[A-Za-z0-9._-]{1,63}$/.test(selector));
}
