import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FollowupDetails } from './followup-details';

/** docs/product.md §2 "Email Follow-up": the reply whose row was clicked; closed while `responseId` is null. */
export function FollowupDialog({ responseId, onClose }: { responseId: number | null; onClose: () => void }) {
  return (
    <Dialog open={responseId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Email Follow-up</DialogTitle>
          <DialogDescription>Read the conversation and answer from the mailbox it came to.</DialogDescription>
        </DialogHeader>
        {responseId !== null && <FollowupDetails key={responseId} responseId={responseId} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
