import { describe, expect, it } from 'vitest';
import { campaignProgress, completedText, nextAfterLastSelected } from './recipient-selection';

describe('quick select', () => {
  const list = [10, 11, 12, 13, 14, 15];

  it('takes the first leads when none is selected', () => {
    expect(nextAfterLastSelected(list, new Set(), 2)).toEqual([10, 11]);
  });

  it('takes the leads after the last selected one in the list, not after the last clicked', () => {
    expect(nextAfterLastSelected(list, new Set([13, 10]), 2)).toEqual([14, 15]);
  });

  it('stops where the list ends', () => {
    expect(nextAfterLastSelected(list, new Set([14]), 20)).toEqual([15]);
    expect(nextAfterLastSelected(list, new Set([15]), 20)).toEqual([]);
  });
});

describe('campaign progress', () => {
  it('reads SPEC’s completed text and counts every mail with an outcome', () => {
    expect(completedText(18, 2)).toBe('Successfully sent 18 email(s) (2 failed)');
    expect(campaignProgress({ totalEmails: 40, emailsSent: 15, emailsFailed: 3, emailsUnknown: 2 })).toBe(50);
    expect(campaignProgress({ totalEmails: 0, emailsSent: 0, emailsFailed: 0, emailsUnknown: 0 })).toBe(100);
  });
});
