import { resetUnavailableMessage } from '@contract/support';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSupport } from '@/api/get-support';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { usePasswordResetOptions } from '../api/get-password-reset-options';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** "Forgot password?": asks for the address and says a link is on its way, or whom to ask without a system mailbox. */
export function ForgotPasswordForm() {
  const options = usePasswordResetOptions();
  const support = useSupport();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit } = useForm({ defaultValues: { email: '' } });

  if (options.isPending || (options.data?.available === false && support.isPending)) {
    return (
      <div className="flex justify-center py-6 text-primary" role="status" aria-label="Loading">
        <Spinner className="size-5" />
      </div>
    );
  }
  if (!options.data?.available) {
    return (
      <p className="rounded-md border bg-muted/50 px-4 py-3 text-sm">
        {resetUnavailableMessage(support.data?.email ?? null)}
      </p>
    );
  }
  if (sent) {
    return (
      <p
        role="status"
        className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm"
      >
        {sent}
      </p>
    );
  }

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      setSent((await request.mutateAsync({ email })).message);
    } catch (error) {
      toast({
        title: 'Request Failed',
        description: errorToastMessage(error, 'Failed to send the reset link'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        {...register('email')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Please wait...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
