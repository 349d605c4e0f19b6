import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex } from './hmac';

const reference = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

describe('HMAC-SHA-256', () => {
  it("gives createHmac's digests for any key and message, unicode and lone surrogates included", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ minLength: 32, maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 })),
        fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ maxLength: 1000 })), {
          maxLength: 4,
        }),
        (key, messages) => {
          const hmac = hmacSha256Hex(key);
          for (const message of messages) expect(hmac(message)).toBe(reference(key, message));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('matches RFC 4231 (test case 2) and keys of every length around a block', () => {
    expect(hmacSha256Hex('Jefe')('what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    for (const length of [0, 1, 32, 63, 64, 65, 128]) {
      const key = 'k'.repeat(length);
      for (const message of ['', 'a', 'x'.repeat(200), 'é€😀'])
        expect(hmacSha256Hex(key)(message)).toBe(reference(key, message));
    }
  });

  it('keeps no state between calls', () => {
    const hmac = hmacSha256Hex('a-secret-that-is-long-enough-for-tests');
    const first = hmac('one');
    hmac('two, much longer than the first message');
    expect(hmac('one')).toBe(first);
  });
});
