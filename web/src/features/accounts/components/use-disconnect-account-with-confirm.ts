import type { EmailAccount } from '@contract/accounts';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useDisconnectEmailAccount } from '../api/disconnect-email-account';

/** Disconnects an account after the browser confirm of docs/product.md §5, with the toasts of docs/product.md §8. */
export function useDisconnectAccountWithConfirm() {
  const mutation = useDisconnectEmailAccount();

  const disconnectWithConfirm = async (account: EmailAccount): Promise<void> => {
    if (!window.confirm(`Are you sure you want to disconnect ${account.email}? This action cannot be undone.`)) return;
    try {
      await mutation.mutateAsync(account.id);
      toast({ title: 'Account Disconnected', description: 'Email account has been disconnected successfully.' });
    } catch (error) {
      toast({
        title: 'Disconnect Failed',
        description: errorToastMessage(error, 'Failed to disconnect account'),
        variant: 'destructive',
      });
    }
  };

  return { disconnectWithConfirm, isPending: mutation.isPending };
}
