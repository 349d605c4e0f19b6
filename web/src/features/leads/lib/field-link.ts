// A host such as example.com or www.shop.example.co.uk, optionally followed by a port and a path.
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;

/**
 * docs/product.md §5 Detail field links: the URL a custom-field value links to, or null for plain text. A value links when it
 * starts with http:// or https://, starts with www., or is a host like example.com. Values with spaces and email
 * addresses stay text, and the link is always http(s), so no value can smuggle in another scheme.
 */
export function fieldLinkHref(value: string): string | null {
  const text = value.trim();
  if (/\s/.test(text)) return null;
  const hasScheme = /^https?:\/\//i.test(text);
  if (!hasScheme && (text.includes('@') || !(/^www\./i.test(text) || HOST_PATTERN.test(text)))) return null;
  const candidate = hasScheme ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
