import { describe, expect, it } from 'vitest';
import { cleanCsvValue, leadColumnFor, mapCsvRow } from './csv-leads';
import { MAX_CUSTOM_FIELD_NAME_LENGTH } from './leads';

describe('leadColumnFor', () => {
  it.each([
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['email address', 'email'],
    ['\uFEFFemail', 'email'],
    ['First Name', 'firstName'],
    ['first_name', 'firstName'],
    ['firstName', 'firstName'],
    ['LAST NAME', 'lastName'],
    ['surname', 'lastName'],
    ['Company', 'company'],
    ['Company Name', 'company'],
    ['organisation', 'company'],
  ])('maps %j to %s', (header, column) => {
    expect(leadColumnFor(header)).toBe(column);
  });

  it('leaves other headers as custom fields', () => {
    expect(leadColumnFor('City')).toBeNull();
    expect(leadColumnFor('Phone number')).toBeNull();
  });
});

describe('mapCsvRow', () => {
  it('names a custom field with at most its limit of the header, as editing it would', () => {
    const header = `${'h'.repeat(100_000)}`;
    const mapped = mapCsvRow({ email: 'a@b.test', [header]: 'x' });
    expect(Object.keys(mapped?.customFields ?? {})).toEqual(['h'.repeat(MAX_CUSTOM_FIELD_NAME_LENGTH)]);
  });

  it('trims, strips surrounding quotes and keeps other columns in customFields', () => {
    expect(
      mapCsvRow({ ' Email ': ' "a@b.co" ', 'First Name': '  Ann ', Website: 'www.ann.test', Empty: '  ' }),
    ).toEqual({
      email: 'a@b.co',
      firstName: 'Ann',
      lastName: '',
      company: '',
      customFields: { Website: 'www.ann.test' },
    });
  });

  it('drops rows whose values are all empty', () => {
    expect(mapCsvRow({ email: '', name: '  ', other: '""' })).toBeNull();
    expect(mapCsvRow({})).toBeNull();
  });

  it('keeps formulas and markup as plain text', () => {
    const row = mapCsvRow({ email: 'x@y.co', 'first name': '<script>alert(1)</script>', note: '=1+1' });
    expect(row?.firstName).toBe('<script>alert(1)</script>');
    expect(row?.customFields.note).toBe('=1+1');
  });

  it('keeps the first of two columns that map to the same field', () => {
    expect(mapCsvRow({ Email: 'first@x.co', 'E-mail': 'second@x.co' })?.email).toBe('first@x.co');
  });
});

describe('cleanCsvValue', () => {
  it('keeps a quote that is only at one end', () => {
    expect(cleanCsvValue('says "hi"')).toBe('says "hi"');
    expect(cleanCsvValue(' ""both"" ')).toBe('both');
    expect(cleanCsvValue(42)).toBe('42');
    expect(cleanCsvValue(null)).toBe('');
  });
});
