import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthForm, type AuthMode } from '@/features/auth/components/auth-form';
import { SignUpGate } from '@/features/auth/components/sign-up-gate';
import { usePageTitle } from '@/lib/use-page-title';

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
  usePageTitle(mode === 'login' ? 'Sign in' : 'Sign up');
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-lg">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl tracking-tight">
            <h1>{text.title}</h1>
          </CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {mode === 'signup' ? (
            <SignUpGate>
              <AuthForm mode="signup" />
            </SignUpGate>
          ) : (
            <AuthForm mode="login" />
          )}
          <p className="mt-6 text-center text-sm">
            <Link href={text.toggleHref} className="group text-muted-foreground">
              {text.toggleQuestion}{' '}
              <span className="font-medium text-primary group-hover:underline">{text.toggleAction}</span>
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
