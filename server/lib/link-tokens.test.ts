import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFormClickToken } from '../test/first-form-click-links';
import { createLinkTokens } from './link-tokens';

const tokens = createLinkTokens('a-secret-that-is-long-enough-for-tests');

describe('mail link tokens', () => {
  it('give back the row they were signed for', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (id) => tokens.verify('unsubscribe', tokens.sign('unsubscribe', id)) === id,
      ),
    );
  });

  it('refuse a changed id or signature, another secret, and other text', () => {
    const token = tokens.sign('unsubscribe', 42);
    const [, signature] = token.split('.');
    expect(tokens.verify('unsubscribe', `43.${signature}`)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(tokens.verify('unsubscribe', `42.${flipped}`)).toBeNull();
    expect(createLinkTokens('another-secret-that-is-long-enough').verify('unsubscribe', token)).toBeNull();
    for (const junk of ['', '42', '42.', 'x.y', `${token}x`, `-1.${signature}`]) {
      expect(tokens.verify('unsubscribe', junk)).toBeNull();
    }
  });
});

describe('click tokens', () => {
  const url = 'https://example.test/offer?a=1&b=2';

  const issuedAt = new Date('2026-11-23T10:00:00Z');

  it('give back the row, the link’s place, the URL and the second they were signed with', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 999 }),
        fc.webUrl(),
        fc.date({ min: new Date('2001-09-09T01:46:40Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
        (id, index, target, at) =>
          JSON.stringify(tokens.verifyClick(tokens.signClick(id, index, target, at), target)) ===
          JSON.stringify({
            recipientId: id,
            linkIndex: index,
            url: target,
            issuedAt: new Date(Math.floor(at.getTime() / 1000) * 1000),
          }),
      ),
    );
  });

  it('refuse another URL, row, place or issue time, a row token, and other text', () => {
    const token = tokens.signClick(42, 1, url, issuedAt);
    const [, , issued, signature] = token.split('.');
    expect(issued).toBe(String(issuedAt.getTime() / 1000));
    expect(tokens.verifyClick(token, 'https://evil.test/')).toBeNull();
    expect(tokens.verifyClick(token, `${url}&c=3`)).toBeNull();
    expect(tokens.verifyClick(`43.1.${issued}.${signature}`, url)).toBeNull();
    expect(tokens.verifyClick(`42.0.${issued}.${signature}`, url)).toBeNull();
    // A link made to look younger, or of the first form (no time), under the same signature.
    expect(tokens.verifyClick(`42.1.${Number(issued) + 86_400}.${signature}`, url)).toBeNull();
    expect(tokens.verifyClick(`42.1.${signature}`, url)).toBeNull();
    expect(tokens.verifyClick(tokens.sign('open', 42), url)).toBeNull();
    expect(tokens.verify('open', tokens.sign('unsubscribe', 42))).toBeNull();
    for (const junk of ['', '42.1', `42.01.${issued}.${signature}`, `42.-1.${issued}.${signature}`, `${token}x`]) {
      expect(tokens.verifyClick(junk, url)).toBeNull();
    }
    expect(tokens.verifyClick(`42.1.0${issued}.${signature}`, url)).toBeNull();
  });

  it('still read the links of mails sent before links carried their issue time, which carry none', () => {
    // Tokens the first form's signer gave for this secret (`{id}.{index}.{signature}`), as sent mails hold them.
    expect(tokens.verifyClick('42.1.l5ScReZyRaKs0bzx8ar8OA', url)).toEqual({
      recipientId: 42,
      linkIndex: 1,
      url,
      issuedAt: null,
    });
    expect(tokens.verifyClick('7.0.yKzUXYPcreai9Q0TJHpxRG', 'https://example.test/über-uns')).toMatchObject({
      recipientId: 7,
      issuedAt: null,
    });
    expect(tokens.verifyClick('42.1.l5ScReZyRaKs0bzx8ar8OA', 'https://evil.test/')).toBeNull();
    expect(tokens.verifyClick('42.0.l5ScReZyRaKs0bzx8ar8OA', url)).toBeNull();
    expect(firstFormClickToken('a-secret-that-is-long-enough-for-tests', 42, 1, url)).toBe(
      '42.1.l5ScReZyRaKs0bzx8ar8OA',
    );
  });
});
