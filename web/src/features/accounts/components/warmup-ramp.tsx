import type { EmailAccount } from '@contract/accounts';
import { Flame } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateEmailAccount } from '../api/update-email-account';
import { warmupLabel } from '../lib/account-display';

/** The account's warm-up ramp, with the way to skip it for a mailbox that is already warm; nothing once warm. */
export function WarmupRamp({ account }: { account: EmailAccount }) {
  const update = useUpdateEmailAccount();
  const label = warmupLabel(account.warmup, account.dailyLimit);
  if (label === null) return null;

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
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm">
      <p className="flex items-center gap-1.5">
        <Flame className="size-4 shrink-0" aria-hidden="true" />
        {label}
      </p>
      <Button variant="outline" size="sm" disabled={update.isPending} onClick={markWarm}>
        {update.isPending && <Spinner className="size-4" />}
        Mark as warm
      </Button>
    </div>
  );
}
