import type { FoundBusiness } from '../../adapters/lead-sources/lead-source';

/**
 * The businesses of every source as one list: the same business found twice (same name at the same address, or
 * the same website) is kept once, as the first source found it, with what it lacked filled in from the others.
 */
export function mergeBusinesses(found: FoundBusiness[]): FoundBusiness[] {
  const merged: FoundBusiness[] = [];
  const byKey = new Map<string, FoundBusiness>();
  for (const business of found) {
    const keys = sameBusinessKeys(business);
    const known = keys.map((key) => byKey.get(key)).find(Boolean);
    if (known) {
      known.category ??= business.category;
      known.address ??= business.address;
      known.phone ??= business.phone;
      known.website ??= business.website;
      known.email ??= business.email;
    } else {
      const copy = { ...business };
      merged.push(copy);
      for (const key of keys) byKey.set(key, copy);
    }
  }
  return merged;
}

function sameBusinessKeys(business: FoundBusiness): string[] {
  const keys: string[] = [];
  if (business.address) keys.push(`at:${simplified(business.name)}|${simplified(business.address)}`);
  const host = websiteHost(business.website);
  if (host) keys.push(`web:${host}`);
  return keys;
}

function simplified(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The website's host without "www.", or null for an unreadable address. */
function websiteHost(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(website) ? website : `http://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, '') + url.pathname.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
