import { templateInputSchema } from '@contract/templates';
import { describe, expect, it } from 'vitest';
import { characterCount, TEMPLATE_LIMITS } from './character-count';

describe('characterCount', () => {
  it('stays hidden well below the limit and shows from 80% of it', () => {
    expect(characterCount(0, 998)).toBeNull();
    expect(characterCount(798, 998)).toBeNull();
    expect(characterCount(799, 998)).toEqual({ text: '799 / 998 characters', over: false });
    expect(characterCount(998, 998)).toEqual({ text: '998 / 998 characters', over: false });
  });

  it('flags a value past the limit with how many are too many', () => {
    expect(characterCount(10_000, 998)).toEqual({ text: '10,000 / 998 characters: 9,002 too many', over: true });
    expect(characterCount(500_012, 500_000, 'characters, formatting included')).toEqual({
      text: '500,012 / 500,000 characters, formatting included: 12 too many',
      over: true,
    });
  });
});

describe('TEMPLATE_LIMITS', () => {
  // The editor counts against what the server refuses: one character more than each limit is refused.
  it.each(['name', 'subject', 'body'] as const)('is the longest %s the server takes', (field) => {
    const base = { name: 'Intro', subject: 'Hello', body: '<p>Hi</p>' };
    const atLimit = { ...base, [field]: 'x'.repeat(TEMPLATE_LIMITS[field]) };
    expect(templateInputSchema.safeParse(atLimit).success).toBe(true);
    const overLimit = { ...base, [field]: 'x'.repeat(TEMPLATE_LIMITS[field] + 1) };
    expect(templateInputSchema.safeParse(overLimit).success).toBe(false);
  });
});
