import { describe, expect, it } from 'vitest';
import { firstUsableTab } from './connect-tab';

const status = (outlook: boolean, gmail: boolean) => ({
  outlook: { configured: outlook, redirectUri: 'http://localhost/api/outlook/callback' },
  gmail: { configured: gmail, redirectUri: 'http://localhost/api/gmail/callback' },
});

describe('firstUsableTab', () => {
  it('opens on Direct Connection when a sign-in provider is configured', () => {
    expect(firstUsableTab(status(true, false), false)).toBe('oauth');
    expect(firstUsableTab(status(false, true), false)).toBe('oauth');
  });

  it('opens on SMTP / IMAP when no sign-in provider is configured', () => {
    expect(firstUsableTab(status(false, false), false)).toBe('smtp');
  });

  it('offers Direct Connection when the status cannot be read, and waits for it otherwise', () => {
    expect(firstUsableTab(undefined, true)).toBe('oauth');
    expect(firstUsableTab(undefined, false)).toBeNull();
  });
});
