import { describe, expect, it } from 'vitest';
import { normalizeLinkUrl } from './link-url';

describe('normalizeLinkUrl', () => {
  it('keeps web and mail addresses', () => {
    expect(normalizeLinkUrl(' https://example.com/book ')).toBe('https://example.com/book');
    expect(normalizeLinkUrl('http://example.com')).toBe('http://example.com');
    expect(normalizeLinkUrl('mailto:sam@example.com')).toBe('mailto:sam@example.com');
  });

  it('adds the scheme people leave out', () => {
    expect(normalizeLinkUrl('www.example.com')).toBe('https://www.example.com');
    expect(normalizeLinkUrl('example.com:8080/path')).toBe('https://example.com:8080/path');
    expect(normalizeLinkUrl('sam@example.com')).toBe('mailto:sam@example.com');
  });

  it('refuses scripts, other schemes and non-addresses', () => {
    expect(normalizeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeLinkUrl('JavaScript:alert(1)')).toBeNull();
    expect(normalizeLinkUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(normalizeLinkUrl('')).toBeNull();
    expect(normalizeLinkUrl('two words')).toBeNull();
  });
});
