import { describe, expect, it } from 'vitest';
import { countOf, stepTiming, variantLetter } from './sequence-figures';

describe('sequence figures as the campaign list words them', () => {
  it('says when each step goes', () => {
    expect(stepTiming({ position: 1, delayDays: 0, sameThread: false })).toBe('at once');
    expect(stepTiming({ position: 2, delayDays: 7, sameThread: true })).toBe('7 days later, same thread');
    expect(stepTiming({ position: 3, delayDays: 1, sameThread: false })).toBe('1 day later');
    expect(stepTiming({ position: 2, delayDays: 3, sameThread: true, condition: 'not_clicked' })).toBe(
      '3 days later, same thread, only if not clicked',
    );
    expect(stepTiming({ position: 2, delayDays: 3, sameThread: false, condition: 'always' })).toBe('3 days later');
  });

  it('counts with the right noun and names variants by letter', () => {
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
    expect(countOf(1200, 'reply', 'replies')).toBe('1,200 replies');
    expect([0, 1, 2].map(variantLetter)).toEqual(['A', 'B', 'C']);
  });
});
