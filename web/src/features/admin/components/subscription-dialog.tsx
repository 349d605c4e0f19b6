import type { AdminUserRow } from '@contract/admin';
import type { SubscriptionStatus } from '@contract/auth';
import { displayName } from '@contract/display';
import { type FormEvent, useState } from 'react';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { FormField } from '@/components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useSetUserSubscription } from '../api/set-user-subscription';
import {
  END_DATE_FIELDS,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  subscriptionChangeRequest,
} from '../lib/subscription-change';

function SubscriptionForm({ row, onDone }: { row: AdminUserRow; onDone: () => void }) {
  const setSubscription = useSetUserSubscription();
  const [status, setStatus] = useState<SubscriptionStatus>(row.subscriptionStatus);
  const [endDay, setEndDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const endField = END_DATE_FIELDS[status];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const change = subscriptionChangeRequest(status, endDay, new Date());
    if ('problem' in change) {
      setProblem(change.problem);
      return;
    }
    setProblem(null);
    try {
      await setSubscription.mutateAsync({ userId: row.user.id, change: change.request });
      toast({
        title: 'Subscription Updated',
        description: `${displayName(row.user)}'s subscription is now ${SUBSCRIPTION_STATUS_LABELS[status].toLowerCase()}.`,
      });
      onDone();
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: errorToastMessage(error, 'Failed to change the subscription'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="admin-subscription-status">Status</Label>
        <Select value={status} onValueChange={(value) => setStatus(value as SubscriptionStatus)}>
          <SelectTrigger id="admin-subscription-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SUBSCRIPTION_STATUSES.map((each) => (
              <SelectItem key={each} value={each}>
                {SUBSCRIPTION_STATUS_LABELS[each]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {endField && (
        <FormField
          id="admin-subscription-end"
          label={endField.label}
          type="date"
          value={endDay}
          onChange={(event) => setEndDay(event.target.value)}
          hint={endField.hint}
          error={problem ?? undefined}
        />
      )}
      <DialogFormFooter
        onCancel={onDone}
        pending={setSubscription.isPending}
        submitLabel="Save"
        pendingLabel="Saving..."
      />
    </form>
  );
}

/**
 * Beyond the product rules: an admin sets a user's subscription by hand, offered only where billing is not configured. The
 * form lives inside the dialog's content, so closing it forgets what was picked.
 */
export function SubscriptionDialog({ row, onClose }: { row: AdminUserRow | null; onClose: () => void }) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set Subscription</DialogTitle>
          <DialogDescription>
            Billing is not set up on this server: set {row?.user.email}'s subscription by hand.
          </DialogDescription>
        </DialogHeader>
        {row && <SubscriptionForm row={row} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
