import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(Buffer.alloc(32, 1));

  it('round-trips values and never repeats a ciphertext', () => {
    const secret = { refreshToken: 'r-123', password: 'hunter2' };
    const first = box.seal(secret);
    expect(box.open(first)).toEqual(secret);
    expect(box.seal(secret)).not.toBe(first);
    expect(first).not.toContain('hunter2');
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal({ a: 1 });
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('Unknown secret format');
  });
});
