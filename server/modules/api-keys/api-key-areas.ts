import type { ApiKeyArea, WriteOnlyApiArea } from '../../../contract/api-keys';

/**
 * Which area of the API a route belongs to for keys, by its path: a key reaches only these. Everything else (sign-in,
 * the profile and password, mailboxes and their credentials, billing, admin routes and key management itself) is
 * for a signed-in person only, so a leaked key cannot take over the account or reach other users.
 */
const AREA_PREFIXES: Array<[prefix: string, area: ApiKeyArea | WriteOnlyApiArea]> = [
  ['/api/leads', 'leads'],
  ['/api/lead-contact-history/', 'leads'],
  ['/api/lead-finder/', 'leads'],
  ['/api/templates', 'templates'],
  ['/api/ai/', 'templates'],
  ['/api/campaigns', 'campaigns'],
  ['/api/sequences', 'campaigns'],
  ['/api/responses', 'replies'],
  ['/api/followups/', 'replies'],
  ['/api/analytics/', 'analytics'],
  ['/api/dashboard/', 'analytics'],
  ['/api/webhooks', 'webhooks'],
];

/** The area of the route pattern `url` ("/api/leads/:id"), or null when no key may call it. */
export function apiKeyAreaOf(url: string): ApiKeyArea | WriteOnlyApiArea | null {
  for (const [prefix, area] of AREA_PREFIXES) {
    if (
      url === prefix ||
      url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) ||
      url.startsWith(`${prefix}-`)
    ) {
      return area;
    }
  }
  return null;
}

/** GET and HEAD read; every other method writes. */
export function accessOf(method: string): 'read' | 'write' {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
