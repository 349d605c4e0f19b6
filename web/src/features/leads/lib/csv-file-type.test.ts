import { describe, expect, it } from 'vitest';
import { isCsvFile } from './csv-file-type';

describe('isCsvFile', () => {
  it('accepts text/csv, and .csv files that Windows browsers report as Excel or untyped', () => {
    expect(isCsvFile({ name: 'leads.txt', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'leads.CSV', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isCsvFile({ name: 'leads.csv', type: '' })).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isCsvFile({ name: 'leads.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
    expect(isCsvFile({ name: 'leads.csv', type: 'application/pdf' })).toBe(false);
    expect(isCsvFile({ name: 'leads', type: '' })).toBe(false);
  });
});
