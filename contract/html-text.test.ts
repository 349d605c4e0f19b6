import { describe, expect, it } from 'vitest';
import { excerptFromHtml, htmlToPlainText, isBlankHtml } from './html-text';

describe('htmlToPlainText', () => {
  it('leaves unclosed comments and style elements as text, and drops closed ones', () => {
    expect(htmlToPlainText('<p>a</p><!-- x --><p>b</p><!-- open <p>c</p>')).toBe('a b <!-- open c');
    expect(htmlToPlainText('<style>p{}</style>Hi<STYLE>x</Style >there<script>open')).toBe('Hi thereopen');
  });

  it('reads a "<" followed by 100,000 letters and no ">" at once (the tag name backtracked: 65 s)', () => {
    const text = `<${'a'.repeat(100_000)}`;
    expect(htmlToPlainText(text)).toBe(text);
  });

  it('keeps the text, separating blocks and dropping inline tags', () => {
    expect(htmlToPlainText('<p>Hi <strong>{firstName}</strong>,</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Hi {firstName}, One Two',
    );
    expect(htmlToPlainText('Line one<br>Line two')).toBe('Line one Line two');
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(htmlToPlainText('<p>Hello</p><script>alert("x")</script><style>p{}</style><!-- note -->')).toBe('Hello');
  });

  it('handles a ">" inside a quoted attribute', () => {
    expect(htmlToPlainText('<a href="https://x.test" title="a > b">Visit</a>')).toBe('Visit');
  });

  it('decodes entities once, so escaped markup stays text', () => {
    expect(htmlToPlainText('<p>&lt;b&gt;Tom &amp; Jerry&lt;/b&gt; &#39;hi&#x27; &amp;lt;</p>')).toBe(
      "<b>Tom & Jerry</b> 'hi' &lt;",
    );
    expect(htmlToPlainText('&unknown; &#0;')).toBe('&unknown; &#0;');
  });
});

describe('excerptFromHtml', () => {
  it('returns short text whole', () => {
    expect(excerptFromHtml('<p>Short body</p>', 50)).toBe('Short body');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    expect(excerptFromHtml('<p>The quick brown fox jumps over the lazy dog</p>', 22)).toBe('The quick brown fox…');
  });

  it('cuts inside a long word when no space is near', () => {
    expect(excerptFromHtml('<p>Supercalifragilistic expialidocious</p>', 10)).toBe('Supercalif…');
  });
});

describe('isBlankHtml', () => {
  it('treats empty paragraphs, breaks and non-breaking spaces as blank', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p></p><p><br></p><p>&nbsp; </p>')).toBe(true);
  });

  it('treats any visible text as content', () => {
    expect(isBlankHtml('<p>.</p>')).toBe(false);
    expect(isBlankHtml('<ul><li><p>{firstName}</p></li></ul>')).toBe(false);
  });
});
