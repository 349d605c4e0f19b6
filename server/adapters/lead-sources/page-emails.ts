/** Where on a page an address was written; mailto links and schema.org say "this is our email" most plainly. */
export type EmailOrigin = 'mailto' | 'schema' | 'text';

export type PageEmail = { email: string; origin: EmailOrigin };

const EMAIL = /[a-z0-9](?:[a-z0-9._%+-]{0,63})@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}/gi;

/** Addresses of pictures (logo@2x.png) and files, not mailboxes. */
const FILE_ENDING = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?|css|js|json|pdf|mp4|webm|woff2?)$/i;

/** Domains of placeholders in forms and of error trackers that sites embed (Sentry, Wix's). */
const PLACEHOLDER_DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'domain.com',
  'yourdomain.com',
  'your-domain.com',
  'email.com',
  'sentry.io',
  'sentry-next.wixpress.com',
  'wixpress.com',
];

const RESERVED_TLDS = ['example', 'invalid', 'localhost'];

/** Every address the page offers, each once: mailto links, schema.org `email`, then addresses in its text. */
export function emailsOnPage(html: string): PageEmail[] {
  const found = new Map<string, EmailOrigin>();
  const add = (candidate: string, origin: EmailOrigin) => {
    for (const match of candidate.matchAll(EMAIL)) {
      const email = match[0].toLowerCase().replace(/\.+$/, '');
      if (isMailbox(email) && !found.has(email)) found.set(email, origin);
    }
  };
  for (const href of attributeValues(html, 'href')) {
    const value = decodeEntities(href).trim();
    if (!/^mailto:/i.test(value)) continue;
    add(safeDecodeUri(value.slice('mailto:'.length).split('?')[0]), 'mailto');
  }
  for (const email of schemaEmails(html)) add(email, 'schema');
  add(deobfuscate(visibleText(html)), 'text');
  return [...found].map(([email, origin]) => ({ email, origin }));
}

function isMailbox(email: string): boolean {
  const [local, domain] = email.split('@');
  if (!local || !domain || local.length > 64 || email.length > 254) return false;
  if (FILE_ENDING.test(domain) || RESERVED_TLDS.includes(domain.split('.').pop() ?? '')) return false;
  return !PLACEHOLDER_DOMAINS.some((placeholder) => domain === placeholder || domain.endsWith(`.${placeholder}`));
}

/** schema.org `email` in JSON-LD blocks and in microdata (itemprop="email"). */
function schemaEmails(html: string): string[] {
  const emails: string[] = [];
  for (const [, json] of html.matchAll(/<script[^>]+application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      collectEmailFields(JSON.parse(json), emails);
    } catch {
      // A broken JSON-LD block says nothing; the rest of the page still may.
    }
  }
  for (const [tag, , after] of html.matchAll(/(<[^>]*\bitemprop\s*=\s*["']?email\b[^>]*>)([^<]*)/gi)) {
    const content = /\b(?:content|href)\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    emails.push(decodeEntities(content ?? after).replace(/^mailto:/i, ''));
  }
  return emails;
}

function collectEmailFields(value: unknown, into: string[]) {
  if (Array.isArray(value)) {
    for (const item of value) collectEmailFields(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (key === 'email' && typeof field === 'string') into.push(field.replace(/^mailto:/i, ''));
      else collectEmailFields(field, into);
    }
  }
}

/** Links on the page: each href with the link's text. */
export function linksOnPage(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].flatMap(([, attributes, inner]) => {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    return value ? [{ href: decodeEntities(value).trim(), text: visibleText(inner) }] : [];
  });
}

function attributeValues(html: string, name: string): string[] {
  const pattern = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'gi');
  return [...html.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** The text a visitor reads: no scripts, styles or tags, entities decoded. */
function visibleText(html: string): string {
  const withoutCode = html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  return decodeEntities(withoutCode.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' '));
}

/** "info [at] harbor-dental (dot) com", "info(at)x.de", "info {at} x {dot} com" → info@harbor-dental.com */
function deobfuscate(text: string): string {
  return text
    .replace(/\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*/gi, '@')
    .replace(/\s*[[({<]\s*(?:dot|punkt|\.)\s*[\])}>]\s*/gi, '.');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  commat: '@',
  period: '.',
  hyphen: '-',
  lowbar: '_',
};

/** Numeric and the common named HTML entities, the ones sites use to hide addresses (&#64;, &#x40;, &commat;). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function safeDecodeUri(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
