import { describe, expect, it } from 'vitest';
import { settingsTabFromHash, settingsTabFromSearch, settingsTabPath } from './settings-tabs';

describe('settingsTabFromSearch', () => {
  it('reads the tab the address names', () => {
    expect(settingsTabFromSearch('?tab=sending')).toBe('sending');
    expect(settingsTabFromSearch('tab=mailbox-defaults')).toBe('mailbox-defaults');
  });

  it('opens the profile when the address names no tab or an unknown one', () => {
    expect(settingsTabFromSearch('')).toBe('profile');
    expect(settingsTabFromSearch('?tab=billing-and-more')).toBe('profile');
  });
});

describe('settingsTabFromHash', () => {
  it('reads a tab named by the hash, and nothing from a field or an empty hash', () => {
    expect(settingsTabFromHash('#webhooks')).toBe('webhooks');
    expect(settingsTabFromHash('#postal-address')).toBeNull();
    expect(settingsTabFromHash('')).toBeNull();
  });
});

describe('settingsTabPath', () => {
  it('keeps /settings for the profile and names every other tab', () => {
    expect(settingsTabPath('profile')).toBe('/settings');
    expect(settingsTabPath('security')).toBe('/settings?tab=security');
  });
});
