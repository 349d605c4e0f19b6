import { describe, expect, it } from 'vitest';
import { contentScore, scoreBand, templateContentFindings, variablesWithoutFallback } from './template-score';

const codesOf = (input: Parameters<typeof templateContentFindings>[0]) =>
  templateContentFindings(input).map((finding) => finding.code);

const clean = {
  subject: 'A quick question about {company|your listings}',
  body:
    '<p>Hi {firstName|there},</p><p>I noticed your open house on Elm Street last weekend and wondered how you follow ' +
    'up with the visitors afterwards. We help small agencies send a short, personal note to each of them.</p>' +
    '<p>Would a ten-minute call next week be useful? Here is how it works: ' +
    '<a href="https://localreach.example/how-it-works">localreach.example</a>.</p><p>Best, Sam</p>',
};

describe('templateContentFindings on fixed templates', () => {
  it('finds nothing in a plain, personal template, which scores 100', () => {
    expect(templateContentFindings(clean)).toEqual([]);
    expect(contentScore(templateContentFindings(clean))).toBe(100);
    expect(scoreBand(100)).toBe('good');
  });

  it('lists every problem of a spammy template and scores it poor', () => {
    const findings = templateContentFindings({
      subject: 'FREE MONEY!!! Act now, you are a WINNER of our 100% free guaranteed offer with {discount}',
      body:
        '<p>CLICK HERE!!! <a href="https://bit.ly/x">https://bit.ly/x</a> <a href="http://tinyurl.com/y">y</a> ' +
        '<a href="https://a.example">a</a></p><img src="https://a.example/1.png"><img src="https://a.example/2.png">',
      attachmentsCount: 2,
      weekNumber: null,
    });
    expect(findings.map((finding) => finding.code)).toEqual([
      'subject_too_long',
      'subject_all_caps',
      'image_heavy',
      'too_many_links',
      'link_shortener',
      'exclamation_marks',
      'spam_phrases',
      'unknown_variables',
      'attachments_first_touch',
    ]);
    const byCode = Object.fromEntries(findings.map((finding) => [finding.code, finding]));
    expect(byCode.subject_all_caps.message).toContain('"FREE", "MONEY", "WINNER"');
    expect(byCode.spam_phrases.message).toContain('"100% free", "act now", "click here", "free money", "guaranteed"');
    expect(byCode.spam_phrases.message).toContain('"winner"');
    expect(byCode.link_shortener.message).toContain('bit.ly, tinyurl.com');
    expect(byCode.unknown_variables.message).toContain('{discount} is not a variable');
    for (const finding of findings) expect(finding.advice).not.toBe('');
    const score = contentScore(findings);
    expect(score).toBe(0);
    expect(scoreBand(score)).toBe('poor');
  });

  it('checks the subject length and capitals but not short acronyms or variables', () => {
    expect(codesOf({ ...clean, subject: 'Hi' })).toEqual(['subject_too_short']);
    expect(codesOf({ ...clean, subject: 'SEO help for the USA office' })).toEqual([]);
    expect(codesOf({ ...clean, subject: '' })).toEqual([]);
  });

  it('tells an image-only body from an empty one and a body with enough text', () => {
    expect(codesOf({ ...clean, body: '<p><img src="https://a.example/flyer.png"></p>' })).toEqual(['image_only']);
    expect(codesOf({ ...clean, body: '<p></p><p> </p>' })).toEqual(['missing_plain_text']);
    expect(codesOf({ ...clean, body: `${clean.body}<img src="https://a.example/logo.png">` })).toEqual([]);
  });

  it('counts distinct links, typed or linked, and accepts two', () => {
    const twoLinks = '<p>See <a href="https://a.example">https://a.example</a> and https://b.example today.</p>';
    expect(codesOf({ ...clean, body: twoLinks })).toEqual([]);
    expect(codesOf({ ...clean, body: `${twoLinks}<p>Or https://c.example</p>` })).toEqual(['too_many_links']);
    const threeAnchors = `${twoLinks}<p><A title='x' HREF='https://c.example'>c</A></p>`;
    expect(codesOf({ ...clean, body: threeAnchors })).toEqual(['too_many_links']);
  });

  it('reads thousands of unclosed tags, comments and style elements at once (each rescanned to the end: seconds)', () => {
    for (const opening of ['<a ', '<!--', '<style>', '<a href="x']) {
      const body = `${clean.body}${opening.repeat(30_000)}`;
      expect(templateContentFindings({ ...clean, body })).toBeInstanceOf(Array);
    }
  });

  it('allows one or two exclamation marks in the body but none in the subject', () => {
    expect(codesOf({ ...clean, body: '<p>Thanks for your time today! Talk soon!</p>' })).toEqual([]);
    expect(codesOf({ ...clean, body: '<p>Great! Thanks! Bye!</p>' })).toEqual(['exclamation_marks']);
    expect(codesOf({ ...clean, subject: 'A quick question for you!' })).toEqual(['exclamation_marks']);
  });

  it('flags attachments only on a first touch', () => {
    expect(codesOf({ ...clean, attachmentsCount: 1, weekNumber: 1 })).toEqual(['attachments_first_touch']);
    expect(codesOf({ ...clean, attachmentsCount: 1, weekNumber: 3 })).toEqual([]);
    expect(codesOf({ ...clean, attachmentsCount: 0, weekNumber: null })).toEqual([]);
  });
});

describe('templateContentFindings on spins', () => {
  it('does not take a spin for a variable, and checks the variables in its choices', () => {
    const spun = { subject: '{{spin: A quick question | One question}} about {company|your listings}' };
    expect(codesOf({ ...clean, ...spun })).toEqual([]);
    expect(codesOf({ ...clean, subject: '{{spin: A quick question {phone} | A short question for you}}' })).toEqual([
      'unknown_variables',
    ]);
  });

  it('checks every choice as leads receive it: spam phrases, capitals, length, exclamation marks', () => {
    const findings = templateContentFindings({
      ...clean,
      subject: '{{spin: A quick question | A quick WINNER question}} for {company|you}',
      body: `${clean.body}<p>{{spin: Thanks | Act now}} {{spin: Bye | See you! Soon! Really!}}</p>`,
    });
    expect(findings.map((finding) => finding.code)).toEqual(['subject_all_caps', 'exclamation_marks', 'spam_phrases']);
    expect(findings.find((finding) => finding.code === 'spam_phrases')?.message).toContain('"act now", "winner"');
    expect(codesOf({ ...clean, subject: '{{spin: Hi | A note about your open house}}' })).toEqual([
      'subject_too_short',
    ]);
  });

  it('reports a spin that is not closed, with advice', () => {
    const findings = templateContentFindings({
      ...clean,
      subject: 'Hello {{spin: there | friend',
      body: `<p>{{spin: a {{spin: b | c}} | d}}</p>${clean.body}`,
    });
    expect(findings.map((finding) => finding.code)).toEqual(['malformed_spin']);
    expect(findings[0].message).toBe(
      '"{{spin: there | friend", "{{spin: a {{spin: b | c}} | d}} Hi {firs…" are not complete spins: leads would receive them as typed.',
    );
    expect(findings[0].advice).toContain('{{spin: Hi | Hello | Hey}}');
  });
});

describe('variablesWithoutFallback', () => {
  it('lists known variables used without a (non-blank) fallback, once each', () => {
    expect(
      variablesWithoutFallback('Hi {firstName}', '<p>{firstName} {company|there} {lastName|} {phone} {email}</p>'),
    ).toEqual(['firstName', 'lastName', 'email']);
  });
});
