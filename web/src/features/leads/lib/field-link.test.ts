import { describe, expect, it } from 'vitest';
import { fieldLinkHref } from './field-link';

describe('fieldLinkHref', () => {
  it('links values that start with http:// or https://', () => {
    expect(fieldLinkHref('http://example.com/a?b=1')).toBe('http://example.com/a?b=1');
    expect(fieldLinkHref('https://shop.example.co.uk')).toBe('https://shop.example.co.uk/');
  });

  it('links www. values and bare hosts over https', () => {
    expect(fieldLinkHref('www.example.com')).toBe('https://www.example.com/');
    expect(fieldLinkHref('example.com')).toBe('https://example.com/');
    expect(fieldLinkHref('linkedin.com/in/ann-smith')).toBe('https://linkedin.com/in/ann-smith');
  });

  it('leaves other values as text', () => {
    for (const value of ['Plumbing', '555-0100', '3.14', 'ann@example.com', 'Visit example.com today', '']) {
      expect(fieldLinkHref(value)).toBeNull();
    }
  });

  it('never produces a link to another scheme', () => {
    expect(fieldLinkHref('javascript:alert(1)')).toBeNull();
    expect(fieldLinkHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(fieldLinkHref('javascript:alert(1)//example.com')).toBeNull();
    expect(fieldLinkHref('=HYPERLINK("http://evil.test")')).toBeNull();
  });
});
