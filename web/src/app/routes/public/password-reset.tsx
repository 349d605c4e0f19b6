import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePasswordResetOptions } from '@/features/auth/api/get-password-reset-options';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { AuthCard } from './auth-card';

function PasswordCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <AuthCard
      pageTitle={title}
      title={title}
      description={description}
      link={
        <Link href="/login" className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      }
    >
      {children}
    </AuthCard>
  );
}

/** /forgot-password: a reset link by email, or, where this server sends no mail, whom to ask. */
export function ForgotPasswordRoute() {
  const options = usePasswordResetOptions();
  const description =
    options.data?.available === false
      ? 'Your administrator resets passwords on this server.'
      : 'We will email you a link to choose a new password.';
  return (
    <PasswordCard title="Reset Your Password" description={description}>
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
