import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorToastMessage } from '@/lib/api';
import { useLeadDetail } from '../api/get-lead-detail';
import { LeadCustomFieldsCard } from './lead-custom-fields-card';
import { LeadEmailHistoryCard } from './lead-email-history-card';
import { LeadProfileCard } from './lead-profile-card';
import { useDeleteLeadWithConfirm } from './use-delete-lead-with-confirm';

function LeadDetailsBody({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const { data: detail, error, isPending } = useLeadDetail(leadId);
  const { deleteWithConfirm, isPending: deleting } = useDeleteLeadWithConfirm();

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
      <LeadProfileCard
        detail={detail}
        action={
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
        }
      />
      <LeadCustomFieldsCard customFields={detail.lead.customFields} />
      <LeadEmailHistoryCard leadId={leadId} />
    </div>
  );
}

/** Client Details (SPEC §2) for the lead whose row was clicked; closed while `leadId` is null. */
export function LeadDetailsDialog({ leadId, onClose }: { leadId: number | null; onClose: () => void }) {
  return (
    <Dialog open={leadId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Client Details</DialogTitle>
          <DialogDescription>Contact information and email activity for this lead.</DialogDescription>
        </DialogHeader>
        {leadId !== null && <LeadDetailsBody leadId={leadId} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
