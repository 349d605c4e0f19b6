import type { MxChecker } from '../dns/dns-resolver';
import type { EmailFinder, FoundEmail } from './email-finder';
import { emailsOnPage, linksOnPage, type PageEmail } from './page-emails';
import { DisallowedPageError, type FetchedPage, PageFetcher, type PageFetcherOptions } from './page-fetcher';
import { registrableDomain } from './registrable-domain';
import { RobotsRules } from './robots-rules';
import type { SiteLimiter } from './site-limiter';

export type WebsiteEmailFinderOptions = PageFetcherOptions & {
  mx: MxChecker;
  /** Shared by every search of the process, so the limit holds across them. */
  limiter: SiteLimiter;
  /** Pages read of one site, home page included (5). */
  maxPagesPerSite: number;
  /** The name robots.txt groups address us by. */
  robotsToken: string;
};

/** Links whose path or words point at the business's contact details. */
const CONTACT_LINK = /contact|kontakt|about|impressum|imprint|team/i;
/** Tried when the home page links to none. */
const FALLBACK_PATHS = ['/contact', '/about', '/impressum'];

const ORIGIN_RANK = { mailto: 0, schema: 1, text: 2 } as const;

type Candidate = PageEmail & { source: string; ownDomain: boolean; order: number };

/**
 * Finds a business's email on its website: the home page, then the contact pages it links to (or the usual paths),
 * within robots.txt and the politeness limits. Addresses on the site's own domain come first; the chosen address's
 * domain is checked for MX.
 */
export class WebsiteEmailFinder implements EmailFinder {
  private readonly pages: PageFetcher;

  constructor(private readonly options: WebsiteEmailFinderOptions) {
    this.pages = new PageFetcher(options);
  }

  async find(website: string, signal?: AbortSignal): Promise<FoundEmail | null> {
    const home = homeUrl(website);
    if (!home) return null;
    const candidates = await this.options.limiter.run(() => this.collect(home, signal), signal);
    return this.choose(candidates);
  }

  /** Every address the site's pages offer, with where it was found. */
  private async collect(home: URL, signal?: AbortSignal): Promise<Candidate[]> {
    const robots = new Map<string, Promise<RobotsRules>>();
    const mayFetch = (url: URL) => {
      let rules = robots.get(url.origin);
      if (!rules) {
        rules = this.robots(url, signal);
        robots.set(url.origin, rules);
      }
      return rules.then((loaded) => loaded.allows(`${url.pathname}${url.search}`));
    };
    const ownDomains = new Set([registrableDomain(home.hostname)]);
    const candidates: Candidate[] = [];
    const record = (page: FetchedPage) => {
      for (const found of emailsOnPage(page.body)) {
        const ownDomain = ownDomains.has(registrableDomain(found.email.split('@')[1]));
        candidates.push({ ...found, source: page.url, ownDomain, order: candidates.length });
      }
    };

    const first = await this.page(home, mayFetch, signal);
    if (first === 'unreachable') return [];
    const queue: URL[] = [];
    if (first) {
      // A site that moved (x.com → x.de) owns its new domain too.
      ownDomains.add(registrableDomain(new URL(first.url).hostname));
      record(first);
      queue.push(...contactLinks(first));
    }
    for (const path of FALLBACK_PATHS) queue.push(new URL(path, first?.url ?? home));
    const visited = new Set([home.toString(), first?.url ?? home.toString()]);
    let fetched = 1;
    for (const url of queue) {
      if (fetched >= this.options.maxPagesPerSite) break;
      // Enough: an address on the business's own domain is what is wanted.
      if (candidates.some((candidate) => candidate.ownDomain)) break;
      if (visited.has(url.toString())) continue;
      visited.add(url.toString());
      fetched += 1;
      const page = await this.page(url, mayFetch, signal);
      if (page === 'unreachable') break;
      if (page) record(page);
    }
    return candidates;
  }

  /**
   * One page: null when it is missing, not HTML or disallowed (the site is still worth trying elsewhere),
   * 'unreachable' when the site cannot be read at all (refused host, no answer in time).
   */
  private async page(
    url: URL,
    mayFetch: (url: URL) => Promise<boolean>,
    signal?: AbortSignal,
  ): Promise<FetchedPage | null | 'unreachable'> {
    try {
      const page = await this.pages.fetch(url.toString(), mayFetch, signal);
      const readable = page.status >= 200 && page.status < 300 && /html|text\/plain|^$/i.test(page.contentType);
      return readable ? page : null;
    } catch (error) {
      signal?.throwIfAborted();
      return error instanceof DisallowedPageError ? null : 'unreachable';
    }
  }

  /** The origin's robots.txt; everything is allowed when it has none or it cannot be read. */
  private async robots(url: URL, signal?: AbortSignal): Promise<RobotsRules> {
    try {
      const file = await this.pages.fetch(new URL('/robots.txt', url).toString(), undefined, signal);
      if (file.status >= 200 && file.status < 300) return RobotsRules.parse(file.body, this.options.robotsToken);
    } catch {
      signal?.throwIfAborted();
    }
    return RobotsRules.allowAll();
  }

  /**
   * Own domain first, then plainer origins (mailto, schema.org, text), then the order found. The first whose domain
   * has MX, or whose MX could not be checked (kept, unverified); else the first of those without MX.
   */
  private async choose(candidates: Candidate[]): Promise<FoundEmail | null> {
    const ranked = [...candidates].sort(
      (a, b) =>
        Number(b.ownDomain) - Number(a.ownDomain) || ORIGIN_RANK[a.origin] - ORIGIN_RANK[b.origin] || a.order - b.order,
    );
    const checked = new Map<string, boolean | null>();
    let withoutMx: FoundEmail | null = null;
    for (const candidate of ranked) {
      const domain = candidate.email.split('@')[1];
      if (!checked.has(domain)) checked.set(domain, await this.options.mx.hasMx(domain));
      const verified = checked.get(domain) ?? null;
      const found = { email: candidate.email, source: candidate.source, verified };
      if (verified !== false) return found;
      withoutMx ??= found;
    }
    return withoutMx;
  }
}

/** The site's home page; a website written without a scheme (as OSM often has it) is taken as https. */
function homeUrl(website: string): URL | null {
  const trimmed = website.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Links on the page to its own site whose path or words say contact, about, impressum or team. */
function contactLinks(page: FetchedPage): URL[] {
  const base = new URL(page.url);
  const site = registrableDomain(base.hostname);
  return linksOnPage(page.body).flatMap(({ href, text }) => {
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return [];
    }
    url.hash = '';
    const onSite = (url.protocol === 'http:' || url.protocol === 'https:') && registrableDomain(url.hostname) === site;
    return onSite && (CONTACT_LINK.test(url.pathname) || CONTACT_LINK.test(text)) ? [url] : [];
  });
}
