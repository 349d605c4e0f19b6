import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

  it('give back the row, the link’s place and the URL they were signed with', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 999 }),
        fc.webUrl(),
        (id, index, target) =>
          JSON.stringify(tokens.verifyClick(tokens.signClick(id, index, target), target)) ===
          JSON.stringify({ recipientId: id, linkIndex: index, url: target }),
      ),
    );
  });

  it('refuse another URL, row or place, a row token, and other text', () => {
    const token = tokens.signClick(42, 1, url);
    const [, , signature] = token.split('.');
    expect(tokens.verifyClick(token, 'https://evil.test/')).toBeNull();
    expect(tokens.verifyClick(token, `${url}&c=3`)).toBeNull();
    expect(tokens.verifyClick(`43.1.${signature}`, url)).toBeNull();
    expect(tokens.verifyClick(`42.0.${signature}`, url)).toBeNull();
    expect(tokens.verifyClick(tokens.sign('open', 42), url)).toBeNull();
    expect(tokens.verify('open', tokens.sign('unsubscribe', 42))).toBeNull();
    for (const junk of ['', '42.1', `42.01.${signature}`, `42.-1.${signature}`, `${token}x`]) {
      expect(tokens.verifyClick(junk, url)).toBeNull();
    }
  });
});
