import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUploadCsvFile } from '../api/upload-csv';
import { isCsvFile } from '../lib/csv-file-type';
import { type CsvPreview, csvPreviewProblem, readCsvPreview } from '../lib/csv-preview';
import { CsvReadError, csvReadFailureMessage } from '../lib/csv-row-reader';
import type { CsvUploadOutcome, CsvUploadTotals } from '../lib/upload-csv-file';

export type PreviewState =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'ready'; preview: CsvPreview }
  | { status: 'unreadable'; message: string };

/** docs/product.md §4 Upload flow: choose a file, preview it, upload it chunk by chunk, show the result. */
export function useCsvUploadFlow() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PreviewState>({ status: 'none' });
  const [progress, setProgress] = useState<CsvUploadTotals | null>(null);
  const [outcome, setOutcome] = useState<CsvUploadOutcome | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancelRequested = useRef(false);
  const upload = useUploadCsvFile();

  useEffect(() => {
    if (!file) return;
    let current = true;
    setPreview({ status: 'reading' });
    readCsvPreview(file).then(
      (result) => current && setPreview({ status: 'ready', preview: result }),
      (error: unknown) => current && setPreview({ status: 'unreadable', message: csvReadFailureMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [file]);

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isCsvFile(chosen)) {
      toast({ title: 'Invalid File', description: 'Please select a valid CSV file', variant: 'destructive' });
      return;
    }
    setFile(chosen);
  };

  const start = async () => {
    if (!file) return;
    cancelRequested.current = false;
    setProgress(null);
    const result = await upload.mutateAsync({
      file,
      onProgress: setProgress,
      isCancelled: () => cancelRequested.current,
    });
    if (result.status === 'failed') {
      // A file that cannot be read further says why; a refused chunk shows the server's message (docs/product.md §8).
      const message =
        result.error instanceof CsvReadError
          ? result.error.message
          : errorToastMessage(result.error, 'Failed to upload leads');
      toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
    }
    setCancelling(false);
    setOutcome(result);
  };

  const cancel = () => {
    cancelRequested.current = true;
    setCancelling(true);
  };

  const reset = () => {
    setFile(null);
    setPreview({ status: 'none' });
    setProgress(null);
    setOutcome(null);
    setCancelling(false);
    upload.reset();
  };

  const uploadable = preview.status === 'ready' && csvPreviewProblem(preview.preview) === null;
  return {
    file,
    preview,
    progress,
    outcome,
    uploading: upload.isPending,
    cancelling,
    uploadable,
    chooseFile,
    start,
    cancel,
    reset,
  };
}
