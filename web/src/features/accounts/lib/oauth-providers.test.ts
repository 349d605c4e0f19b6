import { describe, expect, it } from 'vitest';
import { oauthRedirectUri } from './oauth-providers';

describe('oauthRedirectUri', () => {
  it('is the provider callback on this origin', () => {
    expect(oauthRedirectUri('https://mail.example.com', 'outlook')).toBe(
      'https://mail.example.com/api/outlook/callback',
    );
    expect(oauthRedirectUri('http://localhost:5000/', 'gmail')).toBe('http://localhost:5000/api/gmail/callback');
  });
});
