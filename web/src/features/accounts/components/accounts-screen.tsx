import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useEmailAccounts } from '@/api/get-email-accounts';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { AccountStatCards } from './account-stat-cards';
import { AccountsListCard } from './accounts-list-card';
import { ConnectAccountDialog } from './connect-account-dialog';
import { useOAuthReturnToast } from './use-oauth-return-toast';

/**
 * The Email Accounts screen (docs/product.md §2): sending stats, the connected mailboxes and the connect dialog. `isAdmin`:
 * the signed-in user is an admin, told what to configure for a sign-in provider the server lacks.
 */
export function AccountsScreen({ isAdmin }: { isAdmin: boolean }) {
  useOAuthReturnToast();
  const accountsQuery = useEmailAccounts();
  const [connectOpen, setConnectOpen] = useState(false);
  const openConnect = () => setConnectOpen(true);

  return (
    <div>
      <PageHeader
        title="Email Accounts"
        description="Connect the mailboxes your campaigns are sent from and keep an eye on daily sending."
        actions={
          <Button onClick={openConnect}>
            <Plus />
            Connect Account
          </Button>
        }
      />

      <div className="grid grid-cols-1 gap-6">
        <AccountStatCards accounts={accountsQuery.data} />
        <AccountsListCard
          accounts={accountsQuery.data ?? []}
          loading={accountsQuery.isPending}
          error={accountsQuery.error}
          onRetry={() => accountsQuery.refetch()}
          onConnect={openConnect}
        />
      </div>

      <ConnectAccountDialog open={connectOpen} onOpenChange={setConnectOpen} isAdmin={isAdmin} />
    </div>
  );
}
