import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-export';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946', "'+44 20 7946"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindent', "'\tindent"],
  ])('defuses the formula-looking %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('quotes commas, quotes and newlines', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
  });

  it('writes empty cells for missing values and ends lines with CRLF', () => {
    expect(csvLine(['a', null, undefined, ''])).toBe('a,,,\r\n');
  });
});
