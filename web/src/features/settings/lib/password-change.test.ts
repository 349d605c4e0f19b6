import { describe, expect, it } from 'vitest';
import { checkPasswordChange, PASSWORDS_DIFFER, passwordFieldError } from './password-change';

describe('checkPasswordChange', () => {
  it('answers the change to send when the new password is long enough and confirmed', () => {
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: 'secret', confirmPassword: 'secret' })).toEqual({
      change: { currentPassword: 'old', newPassword: 'secret' },
    });
  });

  it('names each field that is wrong, in the words the server uses', () => {
    expect(checkPasswordChange({ currentPassword: '', newPassword: '12345', confirmPassword: '12345' })).toEqual({
      errors: {
        currentPassword: 'Current password is required',
        newPassword: 'Password must be at least 6 characters long',
      },
    });
  });

  it('refuses a confirmation that differs from the new password', () => {
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: 'secret', confirmPassword: 'secreT' })).toEqual({
      errors: { confirmPassword: PASSWORDS_DIFFER },
    });
  });
});

describe('passwordFieldError', () => {
  it('puts a message that names a field under that field', () => {
    expect(passwordFieldError('currentPassword: Current password is incorrect')).toEqual({
      currentPassword: 'Current password is incorrect',
    });
    expect(passwordFieldError('newPassword: Password must be at most 256 characters')).toEqual({
      newPassword: 'Password must be at most 256 characters',
    });
  });

  it('leaves other messages to a toast', () => {
    expect(passwordFieldError('Too many attempts. Please wait 30 seconds and try again.')).toBeNull();
  });
});
