import type { ReactNode } from 'react';
import { Link } from 'wouter';
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
