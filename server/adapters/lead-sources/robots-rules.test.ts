import { describe, expect, it } from 'vitest';
import { RobotsRules } from './robots-rules';

describe('robots.txt rules', () => {
  it('takes our group over *, and the longest match with Allow winning ties', () => {
    const rules = RobotsRules.parse(
      [
        'User-agent: *',
        'Disallow: /',
        '',
        'User-agent: Googlebot',
        'User-agent: LocalReach',
        'Disallow: /contact',
        'Allow: /contact/public',
        'Disallow: /*.pdf$',
        'Disallow: /team # staff only',
        'Allow: /team',
      ].join('\n'),
      'LocalReach',
    );
    expect(rules.allows('/')).toBe(true);
    expect(rules.allows('/contact')).toBe(false);
    expect(rules.allows('/contact/public/form')).toBe(true);
    expect(rules.allows('/menu.pdf')).toBe(false);
    expect(rules.allows('/menu.pdf?x=1')).toBe(true);
    expect(rules.allows('/team')).toBe(true);
  });

  it('falls back to the * group, where an empty Disallow allows everything', () => {
    expect(RobotsRules.parse('User-agent: *\nDisallow: /about\n', 'LocalReach').allows('/about-us')).toBe(false);
    expect(RobotsRules.parse('User-agent: *\nDisallow:\n', 'LocalReach').allows('/contact')).toBe(true);
    expect(RobotsRules.parse('User-agent: other\nDisallow: /\n', 'LocalReach').allows('/contact')).toBe(true);
  });
});
