import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDnsResolver, TestWebsites } from '../../test/test-websites';
import { DnsMxChecker, type DnsResolver } from '../dns/dns-resolver';
import { createEmailFinder } from './create-email-finder';
import { PageFetcher } from './page-fetcher';
import { SiteLimiter } from './site-limiter';
import { WebsiteEmailFinder } from './website-emails';

const USER_AGENT = 'LocalReach/1.0 (+https://reach.example.com)';
const sites = new TestWebsites();

beforeAll(() => sites.start());
afterAll(() => sites.stop());

function finder(resolver: DnsResolver = new TestDnsResolver({}), overrides: { timeoutMs?: number } = {}) {
  return new WebsiteEmailFinder({
    resolver,
    allowLoopback: true,
    userAgent: USER_AGENT,
    timeoutMs: overrides.timeoutMs ?? 10_000,
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 3,
    maxPagesPerSite: 5,
    robotsToken: 'LocalReach',
    mx: new DnsMxChecker(resolver),
    limiter: new SiteLimiter(4),
  });
}

describe('website email finder', () => {
  it('reads a mailto link on the contact page the home page links to', async () => {
    const home = sites.site('harbor-dental.test', {
      '/': '<a href="/reach-us">Contact us</a><a href="/services">Services</a>',
      '/reach-us': '<p>Call or <a href="mailto:Front.Desk@harbor-dental.test?subject=Appointment">write</a></p>',
    });
    await expect(finder().find(home)).resolves.toEqual({
      email: 'front.desk@harbor-dental.test',
      source: `${home}reach-us`,
      verified: true,
    });
    expect(sites.pathsOf('harbor-dental.test')).toEqual(['/robots.txt', '/', '/reach-us']);
  });

  it('reads an address written only in the text, obfuscated or as entities', async () => {
    const spelled = sites.site('spelled-out.test', { '/': '<p>Mail: hello [at] spelled-out (dot) test</p>' });
    await expect(finder().find(spelled)).resolves.toMatchObject({ email: 'hello@spelled-out.test' });
    const entities = sites.site('entities.test', {
      '/': '<footer>&#105;nfo&#64;entities&#x2e;test &middot; <img src="logo@2x.png"></footer>',
    });
    await expect(finder().find(entities)).resolves.toMatchObject({ email: 'info@entities.test', source: entities });
  });

  it('reads schema.org email from JSON-LD and from microdata', async () => {
    const jsonLd = sites.site('json-ld.test', {
      '/': `<script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Dentist',
        contactPoint: { '@type': 'ContactPoint', email: 'mailto:desk@json-ld.test' },
      })}</script>`,
    });
    await expect(finder().find(jsonLd)).resolves.toMatchObject({ email: 'desk@json-ld.test' });
    const microdata = sites.site('microdata.test', {
      '/': '<div itemscope itemtype="https://schema.org/LocalBusiness"><meta itemprop="email" content="office@microdata.test"></div>',
    });
    await expect(finder().find(microdata)).resolves.toMatchObject({ email: 'office@microdata.test' });
  });

  it('prefers an address on the business own domain, and ignores placeholders and trackers', async () => {
    const home = sites.site('www.own-domain.test', {
      '/': `<a href="mailto:owndomain@gmail.com">Email</a> <input placeholder="you@example.com">
        <script>Sentry.init({dsn:"https://abc123@o1.ingest.sentry.io/1"})</script><a href="/team">Our team</a>`,
      '/team': '<p>Reception: reception@mail.own-domain.test</p>',
    });
    await expect(finder().find(home)).resolves.toEqual({
      email: 'reception@mail.own-domain.test',
      source: `${home}team`,
      verified: true,
    });
    const other = sites.site('gmail-only.test', {
      '/': '<a href="mailto:gmailonly@gmail.com">Email</a> me@example.com',
    });
    await expect(finder().find(other)).resolves.toMatchObject({ email: 'gmailonly@gmail.com' });
  });

  it('does not fetch a page robots.txt forbids, for * and for LocalReach groups', async () => {
    const forbidden = sites.site('robots-star.test', {
      '/robots.txt': 'User-agent: *\nDisallow: /contact\n',
      '/': '<a href="/contact">Contact</a>',
      '/contact': '<a href="mailto:hidden@robots-star.test">mail</a>',
    });
    await expect(finder().find(forbidden)).resolves.toBeNull();
    expect(sites.pathsOf('robots-star.test')).not.toContain('/contact');
    expect(sites.pathsOf('robots-star.test')).toContain('/about');

    const ours = sites.site('robots-ours.test', {
      '/robots.txt':
        'User-agent: *\nDisallow: /\n\nUser-agent: LocalReach\nDisallow: /\nAllow: /$\nAllow: /impressum\n',
      '/': '<a href="/kontakt">Kontakt</a>',
      '/kontakt': '<a href="mailto:kontakt@robots-ours.test">mail</a>',
      '/impressum': '<p>E-Mail: impressum@robots-ours.test</p>',
    });
    await expect(finder().find(ours)).resolves.toMatchObject({ email: 'impressum@robots-ours.test' });
    expect(sites.pathsOf('robots-ours.test')).toEqual(['/robots.txt', '/', '/impressum']);

    const redirected = sites.site('robots-redirect.test', {
      '/robots.txt': 'User-agent: LocalReach\nDisallow: /private\n',
      '/': (_request, response) => response.writeHead(302, { location: '/private/contact' }).end(),
      '/private/contact': '<a href="mailto:private@robots-redirect.test">mail</a>',
    });
    await expect(finder().find(redirected)).resolves.toBeNull();
    expect(sites.pathsOf('robots-redirect.test')).not.toContain('/private/contact');
  });

  it('gives up on a page that never answers after the timeout', async () => {
    const silent = sites.site('silent.test', { '/robots.txt': () => {}, '/': () => {} });
    const started = Date.now();
    await expect(finder(undefined, { timeoutMs: 300 }).find(silent)).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops reading a 5 MB page at 2 MB and keeps what came before', async () => {
    let completed = false;
    const big = sites.site('big-page.test', {
      '/': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<p>write to bigpage@gmail.com</p>');
        const filler = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < 5 * 1024 * 1024) {
            sent += filler.length;
            if (!response.write(filler)) return void response.once('drain', more);
          }
          response.end('<a href="mailto:late@big-page.test">late</a>', () => {
            completed = true;
          });
        };
        more();
      },
    });
    // Read whole, the own-domain address at the end would win.
    await expect(finder().find(big)).resolves.toMatchObject({ email: 'bigpage@gmail.com', source: big });
    expect(completed).toBe(false);
  });

  it('refuses a redirect to a private or metadata address without connecting to it', async () => {
    const resolver = new TestDnsResolver({ 'metadata.test': ['169.254.169.254'] });
    const toPrivate = sites.site('to-private.test', {
      '/': (_request, response) => response.writeHead(302, { location: 'http://10.0.0.1/contact' }).end(),
    });
    const toMetadata = sites.site('to-metadata.test', {
      '/': (_request, response) =>
        response.writeHead(301, { location: 'http://metadata.test/latest/meta-data/' }).end(),
    });
    await expect(finder(resolver).find(toPrivate)).resolves.toBeNull();
    await expect(finder(resolver).find(toMetadata)).resolves.toBeNull();
    const fetcher = new PageFetcher({
      resolver,
      allowLoopback: true,
      userAgent: USER_AGENT,
      timeoutMs: 60_000,
      maxBytes: 1024,
      maxRedirects: 3,
    });
    await expect(fetcher.fetch(toPrivate)).rejects.toThrow('10.0.0.1 is not allowed (private, loopback or link-local');
    await expect(fetcher.fetch(toMetadata)).rejects.toThrow('metadata.test is not allowed');
  });

  it('follows at most 3 redirects, checking each hop', async () => {
    const hops = sites.site('hops.test', {
      '/': (_request, response) => response.writeHead(302, { location: '/1' }).end(),
      '/1': (_request, response) => response.writeHead(302, { location: `http://hops-two.test:${sites.port}/2` }).end(),
    });
    sites.site('hops-two.test', {
      '/2': (_request, response) => response.writeHead(302, { location: '/3' }).end(),
      '/3': (_request, response) => response.writeHead(302, { location: '/4' }).end(),
      '/4': '<a href="mailto:too-far@hops.test">mail</a>',
    });
    const resolver = new TestDnsResolver({});
    await expect(finder(resolver).find(hops)).resolves.toBeNull();
    expect(sites.pathsOf('hops-two.test')).not.toContain('/4');
    expect(resolver.lookups).toContain('hops-two.test');
  });

  it('follows 3 redirects', async () => {
    const home = sites.site('three-hops.test', {
      '/': (_request, response) => response.writeHead(301, { location: '/a' }).end(),
      '/a': (_request, response) => response.writeHead(302, { location: '/b' }).end(),
      '/b': (_request, response) => response.writeHead(307, { location: '/c' }).end(),
      '/c': '<a href="mailto:arrived@three-hops.test">mail</a>',
    });
    await expect(finder().find(home)).resolves.toMatchObject({ email: 'arrived@three-hops.test', source: `${home}c` });
  });

  it('refuses loopback unless allowed', async () => {
    const local = sites.site('loopback-only.test', { '/': '<a href="mailto:me@loopback-only.test">mail</a>' });
    const resolver = new TestDnsResolver({});
    const guarded = createEmailFinder({ allowLoopback: false, userAgent: USER_AGENT }, resolver);
    await expect(guarded.find(local)).resolves.toBeNull();
    expect(sites.pathsOf('loopback-only.test')).toEqual([]);
    const allowed = createEmailFinder({ allowLoopback: true, userAgent: USER_AGENT }, resolver);
    await expect(allowed.find(local)).resolves.toMatchObject({ email: 'me@loopback-only.test' });
  });

  it('visits at most 4 sites at once across every finder of the process', async () => {
    const slow = (body: string) => (_request: unknown, response: import('node:http').ServerResponse) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end(body), 100);
    };
    const homes = Array.from({ length: 8 }, (_, index) =>
      sites.site(`busy-${index}.test`, {
        '/robots.txt': slow(''),
        '/': slow(`<a href="mailto:info@busy-${index}.test">mail</a>`),
      }),
    );
    const resolver = new TestDnsResolver({});
    const first = createEmailFinder({ allowLoopback: true, userAgent: USER_AGENT }, resolver);
    const second = createEmailFinder({ allowLoopback: true, userAgent: USER_AGENT }, resolver);
    sites.maxInFlight = 0;
    const found = await Promise.all(homes.map((home, index) => (index % 2 ? first : second).find(home)));
    expect(found.map((email) => email?.email)).toEqual(homes.map((_, index) => `info@busy-${index}.test`));
    expect(sites.maxInFlight).toBe(4);
  });

  it('reads at most 5 pages of a site', async () => {
    const links = Array.from({ length: 8 }, (_, index) => `<a href="/team/${index}">Team ${index}</a>`).join('');
    const many = sites.site('many-pages.test', { '/': links });
    await expect(finder().find(many)).resolves.toBeNull();
    expect(sites.pathsOf('many-pages.test').filter((path) => path !== '/robots.txt')).toHaveLength(5);
  });

  it('keeps an address whose MX cannot be checked, unverified', async () => {
    const home = sites.site('dns-down.test', { '/': '<a href="mailto:info@dns-down.test">mail</a>' });
    const resolver = new TestDnsResolver({}, { 'dns-down.test': null });
    await expect(finder(resolver).find(home)).resolves.toEqual({
      email: 'info@dns-down.test',
      source: home,
      verified: null,
    });
  });

  it('passes over an own-domain address without MX, and falls back to it when nothing else has MX', async () => {
    const home = sites.site('no-mx.test', {
      '/': '<a href="mailto:info@no-mx.test">mail</a> or nomx.backup@gmail.com',
    });
    await expect(finder(new TestDnsResolver({}, { 'no-mx.test': [] })).find(home)).resolves.toEqual({
      email: 'nomx.backup@gmail.com',
      source: home,
      verified: true,
    });
    const resolver = new TestDnsResolver({}, { 'no-mx.test': [], 'gmail.com': ['.'] });
    await expect(finder(resolver).find(home)).resolves.toEqual({
      email: 'info@no-mx.test',
      source: home,
      verified: false,
    });
  });
});
