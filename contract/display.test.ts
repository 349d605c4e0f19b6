import { describe, expect, it } from 'vitest';
import { avatarInitial, displayName, isNavEntryActive } from './display';

describe('avatarInitial', () => {
  it('uses the first name, else the email, else U', () => {
    expect(avatarInitial({ firstName: 'maria', email: 'x@example.com' })).toBe('M');
    expect(avatarInitial({ firstName: null, email: 'zed@example.com' })).toBe('Z');
    expect(avatarInitial({ firstName: '  ', email: '' })).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});

describe('displayName', () => {
  it('shows both names only when both exist, else the email, else User', () => {
    expect(displayName({ firstName: 'Maria', lastName: 'Lopez', email: 'm@example.com' })).toBe('Maria Lopez');
    expect(displayName({ firstName: 'Maria', lastName: null, email: 'm@example.com' })).toBe('m@example.com');
    expect(displayName({ firstName: null, lastName: null, email: '' })).toBe('User');
    expect(displayName(undefined)).toBe('User');
  });
});

describe('isNavEntryActive', () => {
  it('matches the root only exactly and other entries by prefix', () => {
    expect(isNavEntryActive('/', '/')).toBe(true);
    expect(isNavEntryActive('/', '/leads')).toBe(false);
    expect(isNavEntryActive('/leads', '/leads')).toBe(true);
    expect(isNavEntryActive('/leads', '/leads/42')).toBe(true);
    expect(isNavEntryActive('/templates', '/leads')).toBe(false);
  });
});
