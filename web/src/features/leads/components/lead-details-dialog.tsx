import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorToastMessage } from '@/lib/api';
import { useLeadDetail } from '../api/get-lead-detail';
import { LeadCustomFieldsCard } from './lead-custom-fields-card';
import { LeadEditForm } from './lead-edit-form';
import { LeadEmailHistoryCard } from './lead-email-history-card';
import { LeadProfileCard } from './lead-profile-card';
import { useDeleteLeadWithConfirm } from './use-delete-lead-with-confirm';

function LeadDetailsBody({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const { deleteWithConfirm, isPending: deleting, pendingId, deletedId } = useDeleteLeadWithConfirm();
  // From the moment it is deleted, the lead's reads stop: nothing asks the server for it again before the dialog closes.
  const gone = pendingId === leadId || deletedId === leadId;
  const { data: detail, error, isPending } = useLeadDetail(leadId, { enabled: !gone });
  const [editing, setEditing] = useState(false);

  if (isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading lead">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <p className="py-8 text-center font-medium text-muted-foreground">
        {notFound ? 'Lead not found' : errorToastMessage(error, 'Failed to load lead')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {editing ? (
        <LeadEditForm lead={detail.lead} onDone={() => setEditing(false)} />
      ) : (
        <>
          <LeadProfileCard
            detail={detail}
            action={
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil />
                  Edit Lead
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  disabled={deleting}
                  onClick={async () => {
                    if (await deleteWithConfirm(leadId)) onClose();
                  }}
                >
                  <Trash2 />
                  {deleting ? 'Deleting...' : 'Delete Lead'}
                </Button>
              </div>
            }
          />
          <LeadCustomFieldsCard customFields={detail.lead.customFields} />
        </>
      )}
      <LeadEmailHistoryCard leadId={leadId} enabled={!gone} />
    </div>
  );
}

/** Client Details (docs/product.md §2) for the lead whose row was clicked; closed while `leadId` is null. */
export function LeadDetailsDialog({ leadId, onClose }: { leadId: number | null; onClose: () => void }) {
  return (
    <Dialog open={leadId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Client Details</DialogTitle>
          <DialogDescription>Contact information and email activity for this lead.</DialogDescription>
        </DialogHeader>
        {leadId !== null && <LeadDetailsBody key={leadId} leadId={leadId} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
