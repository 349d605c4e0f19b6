const ALLOWED_SCHEMES = /^(https?:|mailto:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The address a body link points to: a web or mail address as typed, "https://" added when none is given, and
 * null for anything else (javascript:, data:, …), which the editor refuses.
 */
export function normalizeLinkUrl(input: string): string | null {
  const url = input.trim();
  if (url === '' || /\s/.test(url)) return null;
  if (ALLOWED_SCHEMES.test(url)) return url;
  if (ANY_SCHEME.test(url) && !/^[^:]+\.[^:]+:\d/.test(url)) return null;
  if (url.includes('@') && !url.includes('/')) return `mailto:${url}`;
  return `https://${url}`;
}
