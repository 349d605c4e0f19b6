import { describe, expect, it } from 'vitest';
import { returnPathFrom, signInPathFor } from './return-path';

describe('the page to come back to after signing in', () => {
  it('round-trips a path with its query', () => {
    const path = '/leads?status=bounced&q=a b';
    const login = signInPathFor(path);
    expect(login).toBe('/login?next=%2Fleads%3Fstatus%3Dbounced%26q%3Da%20b');
    expect(returnPathFrom(login.slice(login.indexOf('?')))).toBe(path);
  });

  it('never leads to another site', () => {
    for (const next of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'leads', '']) {
      expect(returnPathFrom(`?next=${encodeURIComponent(next)}`)).toBeNull();
    }
    expect(returnPathFrom('')).toBeNull();
    expect(signInPathFor('/')).toBe('/login');
  });
});
