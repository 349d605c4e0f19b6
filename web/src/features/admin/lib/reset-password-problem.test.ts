import { describe, expect, it } from 'vitest';
import { resetPasswordProblem } from './reset-password-problem';

describe('resetPasswordProblem (docs/product.md §5)', () => {
  it('asks for a password when it is empty or no user is selected', () => {
    expect(resetPasswordProblem('user-1', '')).toBe('Please enter a new password');
    expect(resetPasswordProblem(undefined, 'long-enough')).toBe('Please enter a new password');
  });

  it('wants at least 6 characters', () => {
    expect(resetPasswordProblem('user-1', '12345')).toBe('Password must be at least 6 characters long');
    expect(resetPasswordProblem('user-1', '123456')).toBeNull();
  });
});
