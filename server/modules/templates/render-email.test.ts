import { describe, expect, it } from 'vitest';
import { EmailTooLargeError, PERSONALISATION_LIMIT_BYTES, renderEmail } from './render-email';

describe('renderEmail', () => {
  it('renders the subject, the HTML and a plain-text twin for one lead', () => {
    const email = renderEmail(
      {
        subject: 'A note for {company|you}',
        body: '<p>Hi {firstName|there},</p><ul><li>One</li><li>Two</li></ul><p><a href="https://example.com">Book a call</a></p>',
      },
      { firstName: 'Sam & Co', company: 'Acme' },
      '1:1',
    );
    expect(email.subject).toBe('A note for Acme');
    expect(email.html).toContain('<p>Hi Sam &amp; Co,</p>');
    expect(email.text).toContain('Hi Sam & Co,');
    expect(email.text).toMatch(/\* One\n \* Two/);
    expect(email.text).toContain('Book a call [https://example.com]');
    expect(email.text).not.toContain('<');
  });

  it('renders the spins’ words for the seed in the subject and both parts, the same for the same seed', () => {
    const template = {
      subject: '{{spin: Hello | Hi}} {firstName}',
      body: '<p>{{spin: Thanks | Cheers}}, {firstName}</p>',
    };
    const lead = { firstName: 'Sam & Co' };
    const email = renderEmail(template, lead, '3:2');
    expect(renderEmail(template, lead, '3:2')).toEqual(email);
    const [subjectWord] = email.subject.split(' ');
    const bodyWord = email.text.split(',')[0];
    expect(['Hello', 'Hi']).toContain(subjectWord);
    expect(['Thanks', 'Cheers']).toContain(bodyWord);
    expect(email.html).toBe(`<p>${bodyWord}, Sam &amp; Co</p>`);
  });

  it('cannot be turned into a link to script or an event handler by lead data or fallbacks', () => {
    const link = renderEmail(
      { subject: 's', body: '<p><a href="{company}">site</a></p>' },
      { company: 'javascript:alert(1)' },
      '1:1',
    );
    expect(link.html).not.toContain('javascript:');
    const spanning = renderEmail(
      { subject: 's', body: '<p><a title="{firstName|&quot;>}" onmouseover="alert(1)">x</a></p>' },
      {},
      '1:1',
    );
    expect(spanning.html).not.toMatch(/onmouseover/i);
  });

  it('renders markup nested thousands of levels deep (unclosed tags) instead of overflowing the stack', () => {
    const email = renderEmail({ subject: 's', body: `${'<a href="{company}">'.repeat(5000)}deep` }, {}, '1:1');
    expect(email.html).toContain('<a');
    expect(email.text.length).toBeLessThan(100_000);
  });

  it('refuses a mail the lead’s details grow by more than the limit, and renders one just under it', () => {
    const company = 'C'.repeat(200);
    const grows = (times: number) => ({ subject: 'Hi', body: '<p>{company}</p>'.repeat(times) });
    const under = Math.floor(PERSONALISATION_LIMIT_BYTES / (company.length - '{company}'.length));
    expect(renderEmail(grows(under), { company }, '1:1').text).toContain(company);
    expect(() => renderEmail(grows(under + 1), { company }, '1:1')).toThrow(EmailTooLargeError);
    // {company} 27,000 times with a 200-character value: megabytes once filled in.
    expect(() => renderEmail(grows(27_000), { company }, '1:1')).toThrow(
      /^Not sent: this lead's details make the email more than 256 KB longer than its template\./,
    );
  });
});
