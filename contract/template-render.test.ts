import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHtmlBody, renderSubject, templatePlaceholders } from './template-render';

const lead = { firstName: 'Maria', lastName: 'Lopez', email: 'maria@bayside.test', company: 'Bayside Realty' };
const seed = '7:1';

describe('renderSubject and renderHtmlBody', () => {
  it('substitutes the four variables', () => {
    expect(renderSubject('{firstName} {lastName} <{email}> at {company}', lead, seed)).toBe(
      'Maria Lopez <maria@bayside.test> at Bayside Realty',
    );
    expect(renderHtmlBody('<p>Hi { firstName }, from {company}</p>', lead, seed)).toBe(
      '<p>Hi Maria, from Bayside Realty</p>',
    );
  });

  it('uses the fallback when the value is missing or blank, and nothing when there is no fallback', () => {
    const sparse = { firstName: '  ', company: null };
    expect(renderSubject('Hi {firstName|there}, {company|your team}{lastName}!', sparse, seed)).toBe(
      'Hi there, your team!',
    );
    expect(renderHtmlBody('<p>{firstName|Tom &amp; Jerry}</p>', {}, seed)).toBe('<p>Tom &amp; Jerry</p>');
    expect(renderHtmlBody('<p>Hi {firstName|there}</p>', lead, seed)).toBe('<p>Hi Maria</p>');
  });

  it('escapes lead values in HTML and never substitutes twice', () => {
    const hostile = { firstName: '<img src=x onerror=alert(1)>', company: '{email}' };
    expect(renderHtmlBody('<p>{firstName} / {company}</p>', hostile, seed)).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; / {email}</p>',
    );
  });

  it('keeps subjects on one line', () => {
    expect(renderSubject('Hello {firstName}', { firstName: 'A\r\nBcc: x@evil.test' }, seed)).toBe(
      'Hello A Bcc: x@evil.test',
    );
  });

  it('leaves unknown and template-language-looking text alone', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text must look like a template literal, to prove it stays text.
    const text = '{phone} {{constructor}} ${process.env.SECRET} {firstName.toString}';
    expect(renderSubject(text, lead, seed)).toBe(text);
  });
});

describe('spins in renderSubject and renderHtmlBody', () => {
  const leads = Array.from({ length: 60 }, (_, index) => `${index + 1}:1`);

  it('renders the same words for the same seed, and picks among the choices', () => {
    const subject = '{{spin: Hi | Hello | Hey}} {firstName}';
    expect(renderSubject(subject, lead, '9:1')).toBe(renderSubject(subject, lead, '9:1'));
    expect(new Set(leads.map((key) => renderSubject(subject, lead, key)))).toEqual(
      new Set(['Hi Maria', 'Hello Maria', 'Hey Maria']),
    );
  });

  it('resolves spins before variables: variables in a choice are filled in, lead data is never a spin', () => {
    const body = '<p>{{spin: Hi {firstName|there} | Dear {company}}},</p>';
    expect(new Set(leads.map((key) => renderHtmlBody(body, lead, key)))).toEqual(
      new Set(['<p>Hi Maria,</p>', '<p>Dear Bayside Realty,</p>']),
    );
    expect(new Set(leads.map((key) => renderHtmlBody(body, {}, key)))).toEqual(
      new Set(['<p>Hi there,</p>', '<p>Dear ,</p>']),
    );
    expect(renderSubject('{company}', { company: '{{spin: a | b}}' }, seed)).toBe('{{spin: a | b}}');
  });

  it('escapes variables inside a choice as anywhere else, and keeps the choice’s own HTML', () => {
    const hostile = { firstName: '<script>x</script>' };
    const rendered = new Set(
      leads.map((key) => renderHtmlBody('{{spin: <b>{firstName}</b> | <i>{firstName}</i>}}', hostile, key)),
    );
    expect(rendered).toEqual(
      new Set(['<b>&lt;script&gt;x&lt;/script&gt;</b>', '<i>&lt;script&gt;x&lt;/script&gt;</i>']),
    );
  });

  it('renders an empty choice as nothing, and a malformed spin as written', () => {
    expect(new Set(leads.map((key) => renderSubject('{{spin: | Quick question:}} {firstName}?', lead, key)))).toEqual(
      new Set([' Maria?', 'Quick question: Maria?']),
    );
    expect(renderSubject('{{spin: Hi | Hello {firstName}', lead, seed)).toBe('{{spin: Hi | Hello Maria');
  });

  it('picks the subject’s and the body’s spins apart', () => {
    const pairs = new Set(
      leads.map(
        (key) => `${renderSubject('{{spin: a | b}}', lead, key)}/${renderHtmlBody('{{spin: a | b}}', lead, key)}`,
      ),
    );
    expect(pairs).toEqual(new Set(['a/a', 'a/b', 'b/a', 'b/b']));
  });

  it('renders a text without spins the same for every seed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (key, other) => {
        const text = '<p>Hi {firstName|there} {phone} {{company}} | {spin: a | b}</p>';
        return renderHtmlBody(text, lead, key) === renderHtmlBody(text, lead, other);
      }),
    );
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
