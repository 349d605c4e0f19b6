import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { csvPreviewProblem } from '../lib/csv-preview';
import { CsvFilePicker } from './csv-file-picker';
import { CsvFormatNotes } from './csv-format-notes';
import { CsvPreviewTable } from './csv-preview-table';
import { CsvUploadProgress } from './csv-upload-progress';
import { CsvUploadResultCard } from './csv-upload-result-card';
import { type PreviewState, useCsvUploadFlow } from './use-csv-upload-flow';

function PreviewSection({ preview }: { preview: PreviewState }) {
  if (preview.status === 'none') return null;
  if (preview.status === 'reading') return <Skeleton className="h-32 w-full" />;
  const problem = preview.status === 'unreadable' ? preview.message : csvPreviewProblem(preview.preview);
  return (
    <>
      {problem && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{problem}</p>
        </div>
      )}
      {preview.status === 'ready' && preview.preview.rows.length > 0 && <CsvPreviewTable preview={preview.preview} />}
    </>
  );
}

/** Upload Leads from CSV (docs/product.md §2). It cannot be dismissed mid-upload: Cancel is the way to stop one. */
export function UploadCsvDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const flow = useCsvUploadFlow();
  const close = () => {
    if (flow.uploading) return;
    flow.reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-2xl" showCloseButton={!flow.uploading}>
        <DialogHeader>
          <DialogTitle>Upload Leads from CSV</DialogTitle>
          <DialogDescription>Import contacts from a spreadsheet exported as CSV.</DialogDescription>
        </DialogHeader>

        {flow.outcome ? (
          <>
            <CsvUploadResultCard outcome={flow.outcome} />
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <CsvFilePicker file={flow.file} disabled={flow.uploading} onChoose={flow.chooseFile} />
            {flow.uploading ? (
              <CsvUploadProgress progress={flow.progress} cancelling={flow.cancelling} />
            ) : (
              <PreviewSection preview={flow.preview} />
            )}
            <CsvFormatNotes />
            <DialogFooter>
              <Button variant="outline" onClick={flow.uploading ? flow.cancel : close} disabled={flow.cancelling}>
                Cancel
              </Button>
              <Button onClick={flow.start} disabled={!flow.uploadable || flow.uploading}>
                {flow.uploading ? 'Uploading...' : 'Upload Leads'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
