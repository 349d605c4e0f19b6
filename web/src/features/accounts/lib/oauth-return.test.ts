import { describe, expect, it } from 'vitest';
import { readOAuthReturn } from './oauth-return';

describe('readOAuthReturn', () => {
  it('greets a successful return', () => {
    expect(readOAuthReturn('?connected=true')).toEqual({
      title: 'Account Connected',
      description: 'Your account has been connected successfully!',
    });
  });

  it('shows the decoded error message', () => {
    expect(readOAuthReturn('?error=Denied%20by%20user')).toEqual({
      title: 'Connection Failed',
      description: 'Denied by user',
      variant: 'destructive',
    });
    expect(readOAuthReturn('error=consent+required%3A+admin')?.description).toBe('consent required: admin');
  });

  it('prefers the error when both are present', () => {
    expect(readOAuthReturn('?connected=true&error=Token%20exchange%20failed')?.title).toBe('Connection Failed');
  });

  it('ignores addresses without a return', () => {
    expect(readOAuthReturn('')).toBeNull();
    expect(readOAuthReturn('?connected=false')).toBeNull();
    expect(readOAuthReturn('?tab=smtp')).toBeNull();
  });
});
