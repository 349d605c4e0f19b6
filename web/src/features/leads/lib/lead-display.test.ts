import type { Lead } from '@contract/leads';
import { describe, expect, it } from 'vitest';
import { filterLeads, leadInitial, leadName } from './lead-display';

const lead = (overrides: Partial<Lead>): Lead => ({
  id: 1,
  email: 'someone@example.com',
  firstName: null,
  lastName: null,
  company: null,
  status: 'active',
  statusReason: null,
  isRoleAddress: false,
  isDisposable: false,
  customFields: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  statusChangedAt: null,
  statusChangedByHand: false,
  ...overrides,
});

describe('lead display', () => {
  it('names a lead by first and last name, else not at all', () => {
    expect(leadName(lead({ firstName: 'Ann', lastName: 'Lee' }))).toBe('Ann Lee');
    expect(leadName(lead({ lastName: 'Lee' }))).toBe('Lee');
    expect(leadName(lead({}))).toBeNull();
  });

  it('takes the initial from the name, else the email', () => {
    expect(leadInitial(lead({ firstName: 'ann' }))).toBe('A');
    expect(leadInitial(lead({ email: 'zed@example.com' }))).toBe('Z');
  });
});

describe('filterLeads', () => {
  const leads = [
    lead({ id: 1, email: 'ann@alpha.com', firstName: 'Ann', lastName: 'Lee', company: 'Alpha Homes' }),
    lead({ id: 2, email: 'bob@beta.com', firstName: 'Bob', status: 'unsubscribed' }),
    lead({ id: 3, email: 'cy@gamma.com', company: 'Gamma', status: 'bounced' }),
    lead({ id: 4, email: 'info@delta.com', isRoleAddress: true }),
    lead({ id: 5, email: 'dee@yopmail.com', isDisposable: true }),
  ];
  const ids = (found: Lead[]) => found.map((item) => item.id);

  it('searches email, first name, last name and company, ignoring case', () => {
    expect(ids(filterLeads(leads, 'ALPHA', 'all'))).toEqual([1]);
    expect(ids(filterLeads(leads, 'lee', 'all'))).toEqual([1]);
    expect(ids(filterLeads(leads, 'bob', 'all'))).toEqual([2]);
    expect(ids(filterLeads(leads, 'gamma', 'all'))).toEqual([3]);
    expect(ids(filterLeads(leads, '  ', 'all'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('combines the search with the status filter', () => {
    expect(ids(filterLeads(leads, '', 'unsubscribed'))).toEqual([2]);
    expect(ids(filterLeads(leads, '.com', 'bounced'))).toEqual([3]);
    expect(ids(filterLeads(leads, 'ann', 'bounced'))).toEqual([]);
  });

  it('keeps only role addresses or disposable domains for those filters', () => {
    expect(ids(filterLeads(leads, '', 'role'))).toEqual([4]);
    expect(ids(filterLeads(leads, '', 'disposable'))).toEqual([5]);
    expect(ids(filterLeads(leads, 'delta', 'disposable'))).toEqual([]);
  });
});
