import { describe, expect, it } from 'vitest';
import { campaignFigures, campaignProgress, completedText, nextAfterLastSelected } from './recipient-selection';

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
  it('reads docs/product.md’s completed text and counts every mail with an outcome', () => {
    expect(completedText(18, 2)).toBe('Successfully sent 18 email(s) (2 failed)');
    expect(campaignProgress({ totalEmails: 40, emailsSent: 15, emailsFailed: 3, emailsUnknown: 2 })).toBe(50);
    expect(campaignProgress({ totalEmails: 0, emailsSent: 0, emailsFailed: 0, emailsUnknown: 0 })).toBe(100);
  });
});

describe('campaign figures', () => {
  it('shows every mail in one figure, those being sent now and those still to send among them', () => {
    const midway = { emailsSent: 34, emailsFailed: 0, emailsUnknown: 2, emailsSending: 4, emailsPending: 20 };
    expect(campaignFigures(midway)).toBe('34 sent, 0 failed, 2 unknown, 4 sending now, 20 still to send');
    const shown = campaignFigures(midway).match(/\d+/g)?.map(Number) ?? [];
    expect(shown.reduce((sum, figure) => sum + figure, 0)).toBe(60);
  });

  it('leaves out the figures that are 0, but sent and failed', () => {
    const over = { emailsSent: 18, emailsFailed: 2, emailsUnknown: 0, emailsSending: 0, emailsPending: 0 };
    expect(campaignFigures(over)).toBe('18 sent, 2 failed');
  });
});
