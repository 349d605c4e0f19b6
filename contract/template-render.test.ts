import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHtmlBody, renderSubject, templatePlaceholders } from './template-render';

const lead = { firstName: 'Maria', lastName: 'Lopez', email: 'maria@bayside.test', company: 'Bayside Realty' };

describe('renderSubject and renderHtmlBody', () => {
  it('substitutes the four variables', () => {
    expect(renderSubject('{firstName} {lastName} <{email}> at {company}', lead)).toBe(
      'Maria Lopez <maria@bayside.test> at Bayside Realty',
    );
    expect(renderHtmlBody('<p>Hi { firstName }, from {company}</p>', lead)).toBe(
      '<p>Hi Maria, from Bayside Realty</p>',
    );
  });

  it('uses the fallback when the value is missing or blank, and nothing when there is no fallback', () => {
    const sparse = { firstName: '  ', company: null };
    expect(renderSubject('Hi {firstName|there}, {company|your team}{lastName}!', sparse)).toBe('Hi there, your team!');
    expect(renderHtmlBody('<p>{firstName|Tom &amp; Jerry}</p>', {})).toBe('<p>Tom &amp; Jerry</p>');
    expect(renderHtmlBody('<p>Hi {firstName|there}</p>', lead)).toBe('<p>Hi Maria</p>');
  });

  it('escapes lead values in HTML and never substitutes twice', () => {
    const hostile = { firstName: '<img src=x onerror=alert(1)>', company: '{email}' };
    expect(renderHtmlBody('<p>{firstName} / {company}</p>', hostile)).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; / {email}</p>',
    );
  });

  it('keeps subjects on one line', () => {
    expect(renderSubject('Hello {firstName}', { firstName: 'A\r\nBcc: x@evil.test' })).toBe('Hello A Bcc: x@evil.test');
  });

  it('leaves unknown and template-language-looking text alone', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text must look like a template literal, to prove it stays text.
    const text = '{phone} {{constructor}} ${process.env.SECRET} {firstName.toString}';
    expect(renderSubject(text, lead)).toBe(text);
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('templatePlaceholders', () => {
  it('lists every variable-shaped placeholder with its fallback, known or not', () => {
    expect(
      templatePlaceholders('Hi {firstName|there}, {phone} {{company}} {firstName.toString} {spin: a | b}'),
    ).toEqual([
      { name: 'firstName', fallback: 'there', known: true },
      { name: 'phone', fallback: undefined, known: false },
      { name: 'company', fallback: undefined, known: true },
      { name: 'firstName.toString', fallback: undefined, known: false },
    ]);
  });
});
