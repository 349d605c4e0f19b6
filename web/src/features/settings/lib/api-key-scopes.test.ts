import { describe, expect, it } from 'vitest';
import { scopesInWords, scopesOf } from './api-key-scopes';

const all = (level: 'none' | 'read' | 'write') =>
  ({ leads: level, templates: level, campaigns: level, replies: level, analytics: level }) as const;

describe('an API key’s scopes', () => {
  it('are one scope for everything, else one per area chosen', () => {
    expect(scopesOf(all('write'))).toEqual(['write']);
    expect(scopesOf(all('read'))).toEqual(['read']);
    expect(scopesOf({ ...all('none'), leads: 'write', analytics: 'read' })).toEqual(['leads:write', 'analytics:read']);
    expect(scopesOf(all('none'))).toEqual([]);
  });

  it('read in words', () => {
    expect(scopesInWords(['write'])).toBe('Read and write everything');
    expect(scopesInWords(['read'])).toBe('Read everything');
    expect(scopesInWords(['leads:write', 'analytics:read'])).toBe('Leads: read and write · Analytics: read');
  });
});
