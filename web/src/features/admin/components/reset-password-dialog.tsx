import type { AdminUserRow } from '@contract/admin';
import { type FormEvent, useState } from 'react';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { FormField } from '@/components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useResetUserPassword } from '../api/reset-user-password';
import { resetPasswordProblem } from '../lib/reset-password-problem';

type User = AdminUserRow['user'];

function ResetPasswordForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const resetPassword = useResetUserPassword();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = resetPasswordProblem(user?.id, password);
    setProblem(found);
    if (found || !user) return;
    try {
      await resetPassword.mutateAsync({ userId: user.id, newPassword: password });
      toast({ title: 'Success', description: 'Password reset successfully' });
      onDone();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to reset password'),
        variant: 'destructive',
      });
    }
  };

  return (
    // noValidate: docs/product.md §5's messages show instead of the browser's.
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="admin-new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="Enter new password (min 6 characters)"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problem ?? undefined}
      />
      <DialogFormFooter
        onCancel={onDone}
        pending={resetPassword.isPending}
        submitLabel="Reset Password"
        pendingLabel="Resetting..."
      />
    </form>
  );
}

/**
 * docs/product.md §2 "Reset User Password". The form lives inside the dialog's content, so closing or cancelling unmounts it
 * and the password typed is gone.
 */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset User Password</DialogTitle>
          <DialogDescription>Set a new password for {user?.email}</DialogDescription>
        </DialogHeader>
        <ResetPasswordForm user={user} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
