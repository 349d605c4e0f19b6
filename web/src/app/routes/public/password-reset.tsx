import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/lib/use-page-title';

function PasswordCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-lg">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl tracking-tight">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {children}
          <p className="mt-6 text-center text-sm">
            <Link href="/login" className="font-medium text-primary hover:underline">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

/** /forgot-password: a reset link by email. */
export function ForgotPasswordRoute() {
  return (
    <PasswordCard title="Reset Your Password" description="We will email you a link to choose a new password.">
      <ForgotPasswordForm />
    </PasswordCard>
  );
}

/** /reset-password?token=…: the page the emailed link opens. */
export function ResetPasswordRoute() {
  return (
    <PasswordCard title="Choose a New Password" description="Enter the new password for your LocalReach account.">
      <ResetPasswordForm />
    </PasswordCard>
  );
}
