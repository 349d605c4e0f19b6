import { describe, expect, it } from 'vitest';
import { profileFormFromUser, seedProfileForm } from './profile-form';

const user = {
  firstName: 'Maria',
  lastName: null,
  companyName: 'Lopez Insurance',
  industry: 'Insurance',
  service: 'Home insurance',
  preferredLocalClients: null,
};

describe('profileFormFromUser', () => {
  it('takes the six profile fields, blank where the user has none', () => {
    expect(profileFormFromUser(user)).toEqual({
      firstName: 'Maria',
      lastName: '',
      companyName: 'Lopez Insurance',
      industry: 'Insurance',
      service: 'Home insurance',
      preferredLocalClients: '',
    });
  });
});

describe('seedProfileForm', () => {
  const empty = profileFormFromUser({ ...user, firstName: null, companyName: null, industry: null, service: null });

  it('seeds the form from the user while its company name is empty', () => {
    expect(seedProfileForm(empty, user)).toEqual(profileFormFromUser(user));
  });

  it('keeps what is typed once the company name is filled in', () => {
    const typed = { ...profileFormFromUser(user), companyName: 'Lopez & Sons', service: '' };
    expect(seedProfileForm(typed, { ...user, companyName: 'Other' })).toBe(typed);
  });
});
