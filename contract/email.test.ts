import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isValidEmail, MAX_EMAIL_LENGTH } from './email';

const zodEmail = z.email();

// Generators for addresses the rule must accept: dot-separated local parts of the allowed characters, ending in
// one that is not an apostrophe, at letter-or-digit domain labels and a letter-only top-level domain.
const localChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'+-".split(''));
const localAtom = fc.string({ unit: localChar, minLength: 1, maxLength: 12 });
const localPart = fc
  .array(localAtom, { minLength: 1, maxLength: 3 })
  .map((atoms) => atoms.join('.'))
  .filter((local) => !local.endsWith("'"));
const labelChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
const label = fc
  .tuple(
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')),
    fc.string({ unit: labelChar, maxLength: 10 }),
  )
  .map(([first, rest]) => first + rest);
const topLevel = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')),
  minLength: 2,
  maxLength: 6,
});
const validAddress = fc
  .tuple(localPart, fc.array(label, { minLength: 1, maxLength: 3 }), topLevel)
  .map(([local, labels, tld]) => `${local}@${[...labels, tld].join('.')}`)
  .filter((address) => address.length <= MAX_EMAIL_LENGTH);

describe('isValidEmail, the one address rule', () => {
  it.each([
    'a@b.co',
    'first.last+tag@sub.example.org',
    "o'brien@example.ie",
    'sales-team_2@mail.example-shop.com',
    '1234@example.com',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    'a b@c.de',
    'a@@b.de',
    'a@b@c.de',
    '.a@b.de',
    'a.@b.de',
    'a..b@example.com',
    'josé@example.com',
    'a@exämple.com',
    'a@[127.0.0.1]',
    'a@127.0.0.1',
    'a@-b.de',
    'a@b.c0m',
    '"quoted"@example.com',
    `${'x'.repeat(250)}@b.de`,
  ])('refuses %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('accepts every address built the way the rule describes', () => {
    fc.assert(fc.property(validAddress, (address) => isValidEmail(address)));
  });

  it('refuses an address with a space or a second @ put anywhere in it', () => {
    fc.assert(
      fc.property(validAddress, fc.nat(), fc.constantFrom(' ', '@', '\t'), (address, at, inserted) => {
        const position = at % (address.length + 1);
        return !isValidEmail(address.slice(0, position) + inserted + address.slice(position));
      }),
    );
  });

  it('never accepts more than 254 characters', () => {
    fc.assert(
      fc.property(validAddress, fc.integer({ min: 1, max: 300 }), (address, extra) => {
        const long = `${'a'.repeat(extra + MAX_EMAIL_LENGTH - address.length + 1)}${address}`;
        return long.length > MAX_EMAIL_LENGTH && !isValidEmail(long);
      }),
    );
  });

  it('agrees with zod’s email check on any text, within the length bound', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      validAddress,
      validAddress.map((address) => ` ${address}`),
    );
    fc.assert(
      fc.property(text, (value) => isValidEmail(value) === (zodEmail.safeParse(value).success && value.length <= 254)),
      { numRuns: 2000 },
    );
  });
});
