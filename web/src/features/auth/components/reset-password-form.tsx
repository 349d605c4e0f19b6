import { MIN_PASSWORD_LENGTH } from '@contract/auth';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useResetPassword } from '../api/reset-password';

/** The page a reset link opens: a new password, then the sign-in form. */
export function ResetPasswordForm() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const { register, handleSubmit } = useForm({ defaultValues: { password: '' } });

  if (!token) {
    return (
      <p className="text-sm">
        This link is incomplete.{' '}
        <Link href="/forgot-password" className="font-medium text-primary hover:underline">
          Ask for a new one
        </Link>
        .
      </p>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const { message } = await reset.mutateAsync({ token, password });
      toast({ title: 'Password Reset', description: message });
      navigate('/login');
    } catch (error) {
      toast({
        title: 'Reset Failed',
        description: errorToastMessage(error, 'Failed to reset the password'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id="password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
        minLength={MIN_PASSWORD_LENGTH}
        required
        {...register('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Please wait...' : 'Set New Password'}
      </Button>
      <p className="text-center text-muted-foreground text-sm">
        The link works once, for 30 minutes. Setting a new password signs you out everywhere.
      </p>
    </form>
  );
}
