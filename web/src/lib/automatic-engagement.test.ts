import { describe, expect, it } from 'vitest';
import { automaticEngagementNotCounted } from './automatic-engagement';

describe('the line about automatic opens and clicks', () => {
  it('says in plain words what was left out, one or many', () => {
    expect(automaticEngagementNotCounted(1)).toBe(
      '1 automatic open or click was not counted (made by email privacy features and link checkers, not people).',
    );
    expect(automaticEngagementNotCounted(1250)).toBe(
      '1,250 automatic opens or clicks were not counted (made by email privacy features and link checkers, not people).',
    );
  });

  it('is absent when nothing was left out', () => {
    expect(automaticEngagementNotCounted(0)).toBeNull();
  });
});
