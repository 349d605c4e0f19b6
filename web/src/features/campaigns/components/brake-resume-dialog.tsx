import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** Resuming a campaign an automatic brake paused asks first, with the reason it paused. */
export function BrakeResumeDialog({
  reason,
  open,
  pending,
  onResume,
  onCancel,
}: {
  reason: string | null;
  open: boolean;
  pending: boolean;
  onResume: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resume this campaign?</DialogTitle>
          <DialogDescription>{reason ?? 'This campaign was paused automatically.'}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" onClick={onResume} disabled={pending}>
            Resume anyway
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
