import { MIN_PASSWORD_LENGTH } from '@contract/password';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { returnPathFrom } from '@/lib/return-path';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';

export type AuthMode = 'login' | 'signup';

type AuthFormValues = {
  firstName: string;
  lastName: string;
  companyName: string;
  industry: string;
  service: string;
  preferredLocalClients: string;
  email: string;
  password: string;
};

const emptyValues: AuthFormValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  industry: '',
  service: '',
  preferredLocalClients: '',
  email: '',
  password: '',
};

/**
 * Sign-in and sign-up share one form; `mode` comes from the route. Validation is the browser's own
 * (`required`, `type`, `minLength` attributes), so the submit event only fires for valid input.
 */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useLogin();
  const registerAccount = useRegister();
  // An invitation's link (decision 0060) carries its token and the address it was sent to, which is the one to use.
  const invitation = mode === 'signup' ? (new URLSearchParams(search).get('invitation') ?? undefined) : undefined;
  const invitedEmail = invitation ? (new URLSearchParams(search).get('email') ?? '') : '';
  const { register, handleSubmit } = useForm<AuthFormValues>({
    defaultValues: { ...emptyValues, email: invitedEmail },
  });
  const isPending = login.isPending || registerAccount.isPending;

  // mutateAsync rather than per-call callbacks: storing the user swaps this form out for the signed-in
  // app, and per-call callbacks do not run once the component has unmounted.
  const onSubmit = handleSubmit(async (values) => {
    if (mode === 'login') {
      try {
        await login.mutateAsync({ email: values.email, password: values.password });
        navigate(returnPathFrom(search) ?? '/');
      } catch (error) {
        toast({
          title: 'Login failed',
          description: errorToastMessage(error, 'Invalid email or password'),
          variant: 'destructive',
        });
      }
      return;
    }
    try {
      await registerAccount.mutateAsync({ ...values, invitation });
      navigate('/strategy-onboarding');
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: errorToastMessage(error, 'Failed to create account'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      {mode === 'signup' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="firstName" label="First Name" autoComplete="given-name" {...register('firstName')} />
            <FormField id="lastName" label="Last Name" autoComplete="family-name" {...register('lastName')} />
          </div>
          <FormField
            id="companyName"
            label="Company Name"
            autoComplete="organization"
            required
            {...register('companyName')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="industry"
              label="Industry"
              placeholder="e.g. Real Estate"
              required
              {...register('industry')}
            />
            <FormField
              id="service"
              label="Service/Product"
              placeholder="e.g. Home sales"
              required
              {...register('service')}
            />
          </div>
          <FormField
            id="preferredLocalClients"
            label="Preferred Local Clients"
            placeholder="e.g. First-time buyers, families"
            required
            {...register('preferredLocalClients')}
          />
        </>
      )}
      <FormField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        readOnly={invitedEmail !== ''}
        {...register('email')}
      />
      <FormField
        id="password"
        label="Password"
        type="password"
        required
        {...(mode === 'signup'
          ? {
              autoComplete: 'new-password',
              placeholder: `At least ${MIN_PASSWORD_LENGTH} characters`,
              minLength: MIN_PASSWORD_LENGTH,
            }
          : { autoComplete: 'current-password' })}
        {...register('password')}
      />
      {mode === 'login' && (
        <Link
          href="/forgot-password"
          className="-mt-2 justify-self-end font-medium text-primary text-sm hover:underline"
        >
          Forgot password?
        </Link>
      )}
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isPending}>
        {isPending ? 'Please wait...' : mode === 'signup' ? 'Create Account' : 'Sign In'}
      </Button>
    </form>
  );
}
