import type { ProspectResponse } from '@contract/responses';
import { describe, expect, it } from 'vitest';
import {
  followupState,
  leadName,
  nextRepliesOffset,
  pendingFollowups,
  REPLIES_PAGE_SIZE,
  repliesSearch,
} from './response-display';

function reply(id: number, changes: Partial<ProspectResponse> = {}): ProspectResponse {
  return {
    id,
    priority: 'high',
    priorityReason: null,
    receivedAt: '2025-03-07T15:05:00.000Z',
    subject: 'Re: Hello',
    body: 'Sounds good',
    followupRequired: true,
    followupCompleted: false,
    unsubscribeRequest: false,
    meetingBookedAt: null,
    leadId: id,
    lead: { firstName: null, lastName: null, email: `lead${id}@shop.test`, company: null },
    sentEmail: null,
    truncated: false,
    ...changes,
  };
}

describe('the follow-ups panel', () => {
  it('drops replies already completed and keeps at most 10, in the order read', () => {
    const read = [reply(1, { followupCompleted: true }), ...Array.from({ length: 12 }, (_, i) => reply(i + 2))];
    const shown = pendingFollowups(read);
    expect(shown.map((item) => item.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('a reply’s lead and state', () => {
  it('names the lead by first and last name, either one alone, else the address', () => {
    const lead = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@shop.test', company: null };
    expect(leadName(lead)).toBe('Ada Lovelace');
    expect(leadName({ ...lead, lastName: null })).toBe('Ada');
    expect(leadName({ ...lead, firstName: null })).toBe('Lovelace');
    expect(leadName({ ...lead, firstName: '', lastName: null })).toBe('ada@shop.test');
  });

  it('needs a follow-up until completed; a reply that never needed one is neither', () => {
    expect(followupState({ followupRequired: true, followupCompleted: false })).toBe('pending');
    expect(followupState({ followupRequired: true, followupCompleted: true })).toBe('completed');
    expect(followupState({ followupRequired: false, followupCompleted: false })).toBe('none');
  });
});

describe('the Inbox page’s reads', () => {
  it('sends only the filters chosen, with the page size and offset', () => {
    expect(repliesSearch({ priority: 'all', status: 'all' }, 0)).toBe(`limit=${REPLIES_PAGE_SIZE}&offset=0`);
    expect(repliesSearch({ priority: 'hot', status: 'pending' }, 50)).toBe(
      `limit=${REPLIES_PAGE_SIZE}&offset=50&priority=hot&status=pending`,
    );
    expect(repliesSearch({ priority: 'all', status: 'completed' }, 100)).toBe(
      `limit=${REPLIES_PAGE_SIZE}&offset=100&status=completed`,
    );
  });

  it('asks for a next page after the rows loaded while the last page was full', () => {
    const full = Array.from({ length: REPLIES_PAGE_SIZE }, (_, i) => i);
    expect(nextRepliesOffset(full, [full])).toBe(REPLIES_PAGE_SIZE);
    expect(nextRepliesOffset(full, [full, full])).toBe(2 * REPLIES_PAGE_SIZE);
    expect(nextRepliesOffset([1, 2], [full, [1, 2]])).toBeUndefined();
    expect(nextRepliesOffset([], [[]])).toBeUndefined();
  });
});
