import type { User } from '@contract/auth';

/** The Profile Information card's text fields (docs/product.md §2), as typed; blank clears a field. */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'industry',
  'service',
  'preferredLocalClients',
] as const;

export type ProfileForm = Record<(typeof PROFILE_FIELDS)[number], string>;

export function profileFormFromUser(user: Pick<User, (typeof PROFILE_FIELDS)[number]>): ProfileForm {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user[field] ?? ''])) as ProfileForm;
}

/** docs/product.md §4: the form is seeded from the user only while its companyName is empty, so typing is never overwritten. */
export function seedProfileForm(form: ProfileForm, user: Pick<User, (typeof PROFILE_FIELDS)[number]>): ProfileForm {
  return form.companyName === '' ? profileFormFromUser(user) : form;
}
