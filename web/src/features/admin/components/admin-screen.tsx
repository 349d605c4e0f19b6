import type { AdminUserRow } from '@contract/admin';
import { displayName } from '@contract/display';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { isUnauthorizedError } from '@/lib/lost-session';
import { useAdminBilling } from '../api/get-admin-billing';
import { useAdminUsers } from '../api/get-admin-users';
import { useSetUserRole } from '../api/set-user-role';
import { adminTotals } from '../lib/admin-totals';
import { AccessDenied } from './access-denied';
import { AdminStatCards } from './admin-stat-cards';
import { InvitationsCard } from './invitations-card';
import { ResetPasswordDialog } from './reset-password-dialog';
import { StrategyAnalysisCard } from './strategy-analysis-card';
import { SubscriptionDialog } from './subscription-dialog';
import { UserActivityTable } from './user-activity-table';

/** docs/product.md §2 Admin Dashboard, for a signed-in admin. The server decides: a refused list reads "Access Denied". */
export function AdminScreen() {
  const users = useAdminUsers();
  const setRole = useSetUserRole();
  const billing = useAdminBilling();
  const [resetting, setResetting] = useState<AdminUserRow['user'] | null>(null);
  const [subscriptionOf, setSubscriptionOf] = useState<AdminUserRow | null>(null);
  const totals = useMemo(() => users.data && adminTotals(users.data), [users.data]);

  useEffect(() => {
    // A lost session has its own toast (lib/lost-session.ts): docs/product.md §8 shows one at a time.
    if (users.isError && !isUnauthorizedError(users.error)) {
      toast({
        title: 'Access Denied',
        description: 'You do not have permission to access this page.',
        variant: 'destructive',
      });
    }
  }, [users.isError, users.error]);

  const changeRole = async (user: AdminUserRow['user'], isAdmin: boolean) => {
    try {
      await setRole.mutateAsync({ userId: user.id, isAdmin });
      toast({
        title: 'Role Updated',
        description: `${displayName(user)} is ${isAdmin ? 'now an admin' : 'no longer an admin'}.`,
      });
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: errorToastMessage(error, 'Failed to change the role'),
        variant: 'destructive',
      });
    }
  };

  if (users.isError) return <AccessDenied />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Dashboard"
        description="Every account with its leads, campaigns and results, and password resets for anyone locked out."
      />
      <AdminStatCards totals={totals} />
      <StrategyAnalysisCard totals={totals} />
      <UserActivityTable
        rows={users.data}
        onResetPassword={setResetting}
        onSetRole={changeRole}
        roleChangePending={setRole.isPending}
        onSetSubscription={billing.data?.configured === false ? setSubscriptionOf : undefined}
      />
      <InvitationsCard />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <SubscriptionDialog row={subscriptionOf} onClose={() => setSubscriptionOf(null)} />
    </div>
  );
}
