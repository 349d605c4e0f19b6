import { describe, expect, it } from 'vitest';
import { emailsOnPage } from './page-emails';
import { registrableDomain } from './registrable-domain';

describe('emails on a page', () => {
  it('finds mailto, schema.org and text addresses once each, and ignores images and placeholders', () => {
    const html = `<a href="mailto:Info@Harbor.test,second@harbor.test">a</a>
      <span itemprop="email">desk&#64;harbor.test</span>
      info@harbor.test, office {at} harbor {dot} test, logo@2x.png, name@domain.com, x@sentry.wixpress.com`;
    expect(emailsOnPage(html)).toEqual([
      { email: 'info@harbor.test', origin: 'mailto' },
      { email: 'second@harbor.test', origin: 'mailto' },
      { email: 'desk@harbor.test', origin: 'schema' },
      { email: 'office@harbor.test', origin: 'text' },
    ]);
  });
});

describe('registrable domain', () => {
  it.each([
    ['www.harbor-dental.co.uk', 'harbor-dental.co.uk'],
    ['shop.harbor.com', 'harbor.com'],
    ['harbor.com.au', 'harbor.com.au'],
    ['mail.harbor.de', 'harbor.de'],
    ['harbor.de', 'harbor.de'],
  ])('%s → %s', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });
});
