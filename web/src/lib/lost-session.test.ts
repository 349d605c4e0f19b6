import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { isUnauthorizedError, lostSessionToast } from './lost-session';

describe('a lost session', () => {
  it('is any 401 answer, or an error whose message reads "401: … Unauthorized"', () => {
    expect(isUnauthorizedError(new ApiError(401, 'Unauthorized', '{"message":"Not signed in"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Forbidden', '{"message":"Access denied"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('500: Unauthorized upstream'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });

  it('is announced in the words docs/product.md §8 gives each screen', () => {
    expect(lostSessionToast('/leads')).toEqual({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    expect(lostSessionToast('/').description).toBe('Unauthorized: You are logged out. Logging in again...');
    expect(lostSessionToast('/admin').description).toBe('Please log in to access this page.');
    expect(lostSessionToast('/instructions').description).toBe('Please log in to access this page.');
  });
});
