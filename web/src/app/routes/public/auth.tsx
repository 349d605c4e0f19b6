import { Link } from 'wouter';
import { AuthForm, type AuthMode } from '@/features/auth/components/auth-form';
import { SignUpGate } from '@/features/auth/components/sign-up-gate';
import { AuthCard } from './auth-card';

const copy = {
  login: {
    title: 'Welcome back',
    description: 'Sign in to your LocalReach account.',
    toggleHref: '/signup',
    toggleQuestion: "Don't have an account?",
    toggleAction: 'Sign up',
  },
  signup: {
    title: 'Create your account',
    description: 'Start your 14-day free trial. No credit card needed.',
    toggleHref: '/login',
    toggleQuestion: 'Already have an account?',
    toggleAction: 'Sign in',
  },
} as const;

/** /login and /signup: the mode follows the route, so the toggle link simply changes the URL. */
export function AuthRoute({ mode }: { mode: AuthMode }) {
  const text = copy[mode];
  return (
    <AuthCard
      pageTitle={mode === 'login' ? 'Sign in' : 'Sign up'}
      title={text.title}
      description={text.description}
      link={
        <Link href={text.toggleHref} className="group text-muted-foreground">
          {text.toggleQuestion}{' '}
          <span className="font-medium text-primary group-hover:underline">{text.toggleAction}</span>
        </Link>
      }
    >
      {mode === 'signup' ? (
        <SignUpGate>
          <AuthForm mode="signup" />
        </SignUpGate>
      ) : (
        <AuthForm mode="login" />
      )}
    </AuthCard>
  );
}
