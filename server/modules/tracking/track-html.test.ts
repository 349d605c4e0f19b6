import { describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../lib/link-tokens';
import { sanitizeEmailHtml } from '../templates/sanitize-email-html';
import { decodeClickTarget, encodeClickTarget, mailLinks } from './mail-links';
import { openPixel, trackLinks } from './track-html';

const tracking = {
  openPixelUrl: 'https://app.test/t/o/1.x',
  clickUrl: (url: string, index: number) => `https://app.test/t/c/${index}?u=${encodeClickTarget(url)}`,
  linkHosts: () => [],
};

/** Each href of the HTML, a click link as "index -> the URL it stands for". */
const links = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => {
    const click = /^https:\/\/app\.test\/t\/c\/(\d+)\?u=([\w-]+)$/.exec(href);
    return click ? `${click[1]} -> ${decodeClickTarget(click[2])}` : href;
  });

describe('tracked HTML', () => {
  it('points every http(s) link, in order, to its click link, and leaves other links alone', () => {
    const html = sanitizeEmailHtml(
      '<p><a href="https://example.test/?a=1&b=2">one</a> <a href="mailto:x@example.test">mail</a> ' +
        '<a href="tel:+15125550100">call</a> <a title="x href=y" href=" HTTP://example.test/it\'s&quot;&lt;q ">two</a>' +
        '<a>none</a><img src="https://example.test/logo.png"></p>',
    );
    const tracked = trackLinks(html, tracking);
    expect(links(tracked)).toEqual([
      '0 -> https://example.test/?a=1&b=2',
      'mailto:x@example.test',
      'tel:+15125550100',
      '1 -> HTTP://example.test/it\'s"<q',
    ]);
    expect(tracked).toContain('<img src="https://example.test/logo.png" />');
    expect(tracked).toContain('>one</a>');
    expect(tracked).toContain('title="x href=y"');
  });

  it('gathers the hosts of the links it rewrote, as the mail keeps them when it is sent', () => {
    const links = mailLinks({
      linkTokens: createLinkTokens('a-secret-that-is-long-enough-for-tests'),
      publicUrl: 'https://app.test',
      recipientId: 7,
      trackingEnabled: true,
      issuedAt: new Date('2026-11-23T10:00:00Z'),
    }).tracking;
    if (!links) throw new Error('tracking is on');
    trackLinks(
      sanitizeEmailHtml(
        '<a href="https://Example.TEST/a">a</a> <a href="http://example.test:8080/b">b</a> ' +
          '<a href="https://bücher.test/">c</a> <a href="https://example.test/d">d</a> <a href="mailto:x@y.test">m</a>',
      ),
      links,
    );
    expect(links.linkHosts()).toEqual(['example.test', 'example.test:8080', 'xn--bcher-kva.test']);
  });

  it('adds a 1x1 pixel', () => {
    expect(openPixel(tracking)).toBe(
      '<img src="https://app.test/t/o/1.x" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">',
    );
  });
});
