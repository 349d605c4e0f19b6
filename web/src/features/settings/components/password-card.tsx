import { MIN_PASSWORD_LENGTH } from '@contract/password';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorToastMessage } from '@/lib/api';
import { useChangePassword } from '../api/change-password';
import {
  checkPasswordChange,
  type PasswordForm,
  type PasswordFormErrors,
  passwordFieldError,
} from '../lib/password-change';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Beyond the product rules: a new password, given the current one; every other session is signed out. */
export function PasswordCard() {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordFormErrors>({});
  const change = useChangePassword();

  const edit = (field: keyof PasswordForm, value: string) => {
    setForm({ ...form, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPasswordChange(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const { message } = await change.mutateAsync(checked.change);
      setForm(EMPTY);
      setErrors({});
      toast({ title: 'Password changed', description: message });
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.serverMessage && passwordFieldError(error.serverMessage);
      if (fieldErrors) {
        setErrors(fieldErrors);
        return;
      }
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to change the password'),
        variant: 'destructive',
      });
    }
  };

  const field = (name: keyof PasswordForm, label: string, autoComplete: string, hint?: string) => (
    <FormField
      id={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={form[name]}
      error={errors[name]}
      hint={hint}
      onChange={(event) => edit(name, event.target.value)}
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          Password
        </CardTitle>
        <CardDescription>Changing it signs you out everywhere else; this browser stays signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-4" noValidate>
          {field('currentPassword', 'Current password', 'current-password')}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('newPassword', 'New password', 'new-password', `At least ${MIN_PASSWORD_LENGTH} characters`)}
            {field('confirmPassword', 'Confirm new password', 'new-password')}
          </div>
          <Button type="submit" disabled={change.isPending} className="justify-self-start">
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
