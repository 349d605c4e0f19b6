import type { EmailAccount } from '@contract/accounts';
import { useUpdateEmailAccount } from '@/api/update-email-account';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';

/**
 * Skips a mailbox's warm-up ramp (for one already used to sending): one click from wherever warm-up is the reason
 * a mailbox sends fewer than its daily limit today (the accounts screen, the dashboard).
 */
export function MarkAsWarmButton({ account }: { account: Pick<EmailAccount, 'id' | 'email' | 'dailyLimit'> }) {
  const update = useUpdateEmailAccount();

  const markWarm = async () => {
    try {
      await update.mutateAsync({ id: account.id, changes: { warmupEnabled: false } });
      toast({
        title: 'Marked as Warm',
        description: `${account.email} can now send up to ${account.dailyLimit.toLocaleString('en-US')} emails a day.`,
      });
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: errorToastMessage(error, 'Failed to mark the mailbox as warm'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Button variant="outline" size="sm" disabled={update.isPending} onClick={markWarm}>
      {update.isPending && <Spinner className="size-4" />}
      Mark as warm
    </Button>
  );
}
