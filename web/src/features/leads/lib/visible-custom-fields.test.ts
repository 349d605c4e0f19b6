import { describe, expect, it } from 'vitest';
import { visibleCustomFields } from './visible-custom-fields';

describe('visibleCustomFields', () => {
  it('hides bookkeeping keys, spellings of the lead columns and empty values', () => {
    const fields = {
      source: 'csv',
      uploadDate: '2025-01-01',
      email: 'a@x.com',
      'E-mail': 'a@x.com',
      first_name: 'Ann',
      'Last Name': 'Lee',
      surname: 'Lee',
      'Company Name': 'Acme',
      organisation: 'Acme',
      Phone: '555-0100',
      Website: 'example.com',
      Notes: '   ',
      Title: '',
    };
    expect(visibleCustomFields(fields)).toEqual([
      ['Phone', '555-0100'],
      ['Website', 'example.com'],
    ]);
  });
});
