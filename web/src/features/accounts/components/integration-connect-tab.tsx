import type { ProviderConnection } from '@contract/accounts';
import { Inbox } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useConnectFromIntegration } from '../api/connect-from-integration';
import { useProviderConnections } from '../api/get-provider-connections';
import { providerLabel } from '../lib/account-display';

function ConnectionOption({ connection }: { connection: ProviderConnection }) {
  const id = `connection-${connection.id}`;
  return (
    <Label
      htmlFor={id}
      className={cn(
        'flex items-center gap-3 rounded-lg border p-3 font-normal transition-colors has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60',
        connection.linked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-muted/60',
      )}
    >
      <RadioGroupItem id={id} value={String(connection.id)} disabled={connection.linked} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{connection.email}</span>
        <span className="block text-muted-foreground text-xs">{providerLabel(connection.provider)}</span>
      </span>
      {connection.linked && <Badge variant="secondary">Already linked</Badge>}
    </Label>
  );
}

/** Says when there will be something to link: a connection is freed only by disconnecting its account. */
function NoAvailableConnections({ hasAny }: { hasAny: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-8 text-center">
      <Inbox className="mb-2 size-6 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No Available Connections</p>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        {hasAny ? 'Every connection you have is linked to an account.' : 'You have no mailbox connections yet.'} When
        you disconnect an account, its mailbox shows up here to link again. To add a new mailbox, use the Direct
        Connection or SMTP / IMAP tab.
      </p>
    </div>
  );
}

/**
 * docs/product.md §2 platform-integration tab: links one of the user's provider connections to a new account. A disconnected
 * account's connection shows up here again, free to link.
 */
export function IntegrationConnectTab({ onConnected }: { onConnected: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Link a mailbox you connected before to a new account, without signing in again.
      </p>
      <ConnectionPicker onConnected={onConnected} />
    </div>
  );
}

/** The user's connections to choose from, loading and failing included. */
function ConnectionPicker({ onConnected }: { onConnected: () => void }) {
  const connections = useProviderConnections();
  const connect = useConnectFromIntegration();
  const [selectedId, setSelectedId] = useState('');
  const [accountName, setAccountName] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selectedId) {
      toast({
        title: 'No Connection Selected',
        description: 'Please select an Outlook-type connection to link.',
        variant: 'destructive',
      });
      return;
    }
    try {
      await connect.mutateAsync({ connectionId: Number(selectedId), displayName: accountName.trim() || null });
      toast({ title: 'Account Connected', description: 'Your account has been connected successfully.' });
      onConnected();
    } catch (error) {
      toast({
        title: 'Connection Failed',
        description: errorToastMessage(error, 'Failed to connect account'),
        variant: 'destructive',
      });
    }
  };

  if (connections.isPending) {
    return (
      <div role="status" aria-label="Loading connections" className="grid gap-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (connections.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="font-medium text-destructive">{connections.error.message}</p>
        <Button variant="outline" onClick={() => connections.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const hasFreeConnection = connections.data.some((connection) => !connection.linked);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        {connections.data.length > 0 && (
          <>
            <p id="connection-list-label" className="font-medium text-sm">
              Choose a connection to link
            </p>
            <RadioGroup aria-labelledby="connection-list-label" value={selectedId} onValueChange={setSelectedId}>
              {connections.data.map((connection) => (
                <ConnectionOption key={connection.id} connection={connection} />
              ))}
            </RadioGroup>
          </>
        )}
        {!hasFreeConnection && <NoAvailableConnections hasAny={connections.data.length > 0} />}
      </div>
      {hasFreeConnection && (
        <>
          <div className="grid gap-2">
            <Label htmlFor="integration-account-name">Account Name (Optional)</Label>
            <Input
              id="integration-account-name"
              placeholder="e.g., Sales Account"
              autoComplete="off"
              value={accountName}
              onChange={(event) => setAccountName(event.target.value)}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending ? 'Connecting...' : 'Link Selected Connection'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
