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
