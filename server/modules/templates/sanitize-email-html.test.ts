import { describe, expect, it } from 'vitest';
import { htmlTagCount, MAX_TEMPLATE_TAGS } from '../../../contract/templates';
import { sanitizeEmailHtml } from './sanitize-email-html';

describe('sanitizeEmailHtml', () => {
  it('keeps the allowed markup and drops scripts and handlers', () => {
    expect(sanitizeEmailHtml('<p onclick="x()">Hi <b>there</b><script>alert(1)</script></p>')).toBe(
      '<p>Hi <b>there</b></p>',
    );
  });

  it('cleans the first MAX_TEMPLATE_TAGS tags and shows the rest as text, never forming a tag', () => {
    // Tens of thousands of tags left open made the cleaner quadratic; '<<b>b>' would make a new tag if '<b>' were cut.
    const html = `${'<b>'.repeat(MAX_TEMPLATE_TAGS)}${'<<b>b>'.repeat(3)}${'</p>'.repeat(5)}`;
    const clean = sanitizeEmailHtml(html);
    expect(htmlTagCount(clean)).toBeLessThanOrEqual(2 * MAX_TEMPLATE_TAGS);
    expect(clean.match(/<b>/g)).toHaveLength(MAX_TEMPLATE_TAGS);
    expect(clean).toContain('&lt;&lt;b&gt;b&gt;&lt;&lt;b&gt;b&gt;&lt;&lt;b&gt;b&gt;&lt;/p&gt;');
  });

  it('counts opening and closing tags, not other angle brackets', () => {
    expect(htmlTagCount('<p>1 < 2 and 3 > 2</p><br/><!-- note -->')).toBe(3);
  });
});
