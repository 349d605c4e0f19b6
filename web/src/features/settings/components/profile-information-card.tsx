import type { User } from '@contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { type ProfileForm, profileFormFromUser, seedProfileForm } from '../lib/profile-form';

const FIELDS: { field: keyof ProfileForm; label: string; placeholder?: string; autoComplete?: string }[] = [
  { field: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { field: 'companyName', label: 'Company Name', autoComplete: 'organization' },
  { field: 'industry', label: 'Industry', placeholder: 'e.g. Real Estate, Finance, Healthcare' },
  { field: 'service', label: 'Service/Product' },
  { field: 'preferredLocalClients', label: 'Preferred Local Clients' },
];

/** docs/product.md §2: the profile the strategy and the AI drafts are written from; no client-side validation (docs/product.md §5). */
export function ProfileInformationCard({ user }: { user: User }) {
  const [form, setForm] = useState<ProfileForm>(() => profileFormFromUser(user));
  const update = useUpdateProfile();

  useEffect(() => setForm((current) => seedProfileForm(current, user)), [user]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // The answer replaces the cached current user (useUpdateProfile).
      await update.mutateAsync(form);
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
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
        <CardDescription>Your business details, used for your strategy and your AI-written emails.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map(({ field, label, placeholder, autoComplete }) => (
              <FormField
                key={field}
                id={`profile-${field}`}
                label={label}
                placeholder={placeholder}
                autoComplete={autoComplete}
                maxLength={200}
                value={form[field]}
                onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              />
            ))}
          </div>
          <Button type="submit" disabled={update.isPending} className="justify-self-start">
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
