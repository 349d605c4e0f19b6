import { describe, expect, it } from 'vitest';
import { filterTemplates } from './template-filters';

const templates = [
  { name: 'Spring Listing', subject: 'New homes in {company} area', status: 'active' as const },
  { name: 'Follow-up', subject: 'Checking in, {firstName}', status: 'draft' as const },
  { name: 'Old Offer', subject: 'Spring sale', status: 'archived' as const },
];
const names = (list: typeof templates) => list.map((template) => template.name);

describe('filterTemplates', () => {
  it('shows everything with no search and All Status', () => {
    expect(names(filterTemplates(templates, '  ', 'all'))).toEqual(['Spring Listing', 'Follow-up', 'Old Offer']);
  });

  it('searches name and subject, ignoring case and surrounding spaces', () => {
    expect(names(filterTemplates(templates, ' SPRING ', 'all'))).toEqual(['Spring Listing', 'Old Offer']);
    expect(names(filterTemplates(templates, 'checking', 'all'))).toEqual(['Follow-up']);
  });

  it('combines the search with the status filter', () => {
    expect(names(filterTemplates(templates, 'spring', 'archived'))).toEqual(['Old Offer']);
    expect(names(filterTemplates(templates, '', 'draft'))).toEqual(['Follow-up']);
    expect(filterTemplates(templates, 'nothing like this', 'all')).toEqual([]);
  });
});
