import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCancelSubscription } from '../api/cancel-subscription';

/** docs/product.md §5: the confirmation before cancelling; a click outside does not dismiss it (only its buttons do). */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  onCancelled,
  onFailed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: () => void;
  onFailed: (error: unknown) => void;
}) {
  const cancel = useCancelSubscription();
  const confirm = () => cancel.mutate(undefined, { onSuccess: onCancelled, onError: onFailed });
  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog" showCloseButton={false} onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogDescription>
            This will cancel your subscription. You'll lose access to all features at the end of your billing period.
            This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep Subscription
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, Cancel Subscription'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
