import type { User } from '@contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { useUpdateProfile } from '@/api/update-profile';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { type ProfileForm, profileFormFromUser, seedProfileForm } from '../lib/profile-form';
import { AccountInformationCard } from './account-information-card';
import { ProfileInformationCard } from './profile-information-card';
import { SaveGroupButton } from './save-group-button';
import { SenderDetailsCard } from './sender-details-card';

/** The Profile tab: who the user is and what their mails' footer says, saved together by "Save Profile". */
export function ProfileSettings({ user }: { user: User }) {
  const [form, setForm] = useState<ProfileForm>(() => profileFormFromUser(user));
  const [postalAddress, setPostalAddress] = useState(user.postalAddress ?? '');
  const update = useUpdateProfile();

  useEffect(() => setForm((current) => seedProfileForm(current, user)), [user]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // The answer replaces the cached current user (useUpdateProfile).
      const saved = await update.mutateAsync({ ...form, postalAddress });
      setPostalAddress(saved.postalAddress ?? '');
      toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: errorToastMessage(error, 'Failed to update profile'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={save} className="grid gap-6" noValidate>
      <AccountInformationCard user={user} />
      <ProfileInformationCard form={form} onChange={setForm} />
      <SenderDetailsCard user={user} postalAddress={postalAddress} onChange={setPostalAddress} />
      <SaveGroupButton label="Save Profile" group="Profile" pending={update.isPending} />
    </form>
  );
}
