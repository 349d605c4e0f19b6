import type { EmailAccount } from '@contract/accounts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AccountCard } from './account-card';
import { AccountsEmptyState } from './accounts-empty-state';

type AccountsListCardProps = {
  accounts: EmailAccount[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onConnect: () => void;
};

function LoadingRows() {
  return (
    <div role="status" aria-label="Loading accounts" className="grid gap-4">
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders, all alike and never reordered.
        <div key={i} className="flex items-center gap-4 rounded-xl border p-5">
          <Skeleton className="size-10 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-3 w-36" />
          </div>
          <Skeleton className="h-8 w-24" />
        </div>
      ))}
      <p className="text-center text-muted-foreground text-sm">Loading accounts...</p>
    </div>
  );
}

function AccountsBody({ accounts, loading, error, onRetry, onConnect }: AccountsListCardProps) {
  if (loading) return <LoadingRows />;
  if (error) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium text-destructive">{error.message}</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (accounts.length === 0) return <AccountsEmptyState onConnect={onConnect} />;
  return (
    <ul aria-label="Email accounts" className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {accounts.map((account, index) => (
        <li key={account.id}>
          <AccountCard account={account} styleIndex={index} />
        </li>
      ))}
    </ul>
  );
}

export function AccountsListCard(props: AccountsListCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Connected Mailbox Provider Accounts</CardTitle>
        <CardDescription>
          Campaigns are sent from these mailboxes. Each sends up to its daily limit; the counts reset at midnight.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AccountsBody {...props} />
      </CardContent>
    </Card>
  );
}
