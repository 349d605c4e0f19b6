import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
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

// SPEC §5 (MIN_PASSWORD_LENGTH in @contract/auth). Not imported from there: that module builds zod
// schemas at load time, which would pull zod into the public bundle.
const MIN_PASSWORD_LENGTH = 6;

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

function Field({ id, label, ...inputProps }: { id: string; label: string } & ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...inputProps} />
    </div>
  );
}

/**
 * Sign-in and sign-up share one form; `mode` comes from the route. Validation is the browser's own
 * (`required`, `type`, `minLength` attributes), so the submit event only fires for valid input.
 */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const registerAccount = useRegister();
  const { register, handleSubmit } = useForm<AuthFormValues>({ defaultValues: emptyValues });
  const isPending = login.isPending || registerAccount.isPending;

  // mutateAsync rather than per-call callbacks: storing the user swaps this form out for the signed-in
  // app, and per-call callbacks do not run once the component has unmounted.
  const onSubmit = handleSubmit(async (values) => {
    if (mode === 'login') {
      try {
        await login.mutateAsync({ email: values.email, password: values.password });
        navigate('/');
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
      await registerAccount.mutateAsync(values);
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
            <Field id="firstName" label="First Name" autoComplete="given-name" {...register('firstName')} />
            <Field id="lastName" label="Last Name" autoComplete="family-name" {...register('lastName')} />
          </div>
          <Field
            id="companyName"
            label="Company Name"
            autoComplete="organization"
            required
            {...register('companyName')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="industry" label="Industry" placeholder="e.g. Real Estate" required {...register('industry')} />
            <Field
              id="service"
              label="Service/Product"
              placeholder="e.g. Home sales"
              required
              {...register('service')}
            />
          </div>
          <Field
            id="preferredLocalClients"
            label="Preferred Local Clients"
            placeholder="e.g. First-time buyers, families"
            required
            {...register('preferredLocalClients')}
          />
        </>
      )}
      <Field
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        {...register('email')}
      />
      <Field
        id="password"
        label="Password"
        type="password"
        required
        {...(mode === 'signup'
          ? { autoComplete: 'new-password', placeholder: 'At least 6 characters', minLength: MIN_PASSWORD_LENGTH }
          : { autoComplete: 'current-password' })}
        {...register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isPending}>
        {isPending ? 'Please wait...' : mode === 'signup' ? 'Create Account' : 'Sign In'}
      </Button>
    </form>
  );
}
