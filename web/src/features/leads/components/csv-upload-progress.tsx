import { Progress } from '@/components/ui/progress';
import type { CsvUploadTotals } from '../lib/upload-csv-file';

const count = (value: number) => value.toLocaleString('en-US');

/** How far the upload is through the file, and what the chunks sent so far did. */
export function CsvUploadProgress({ progress, cancelling }: { progress: CsvUploadTotals | null; cancelling: boolean }) {
  const percent =
    progress && progress.totalBytes > 0 ? Math.round((progress.bytesRead / progress.totalBytes) * 100) : 0;
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{cancelling ? 'Stopping after the current batch...' : 'Uploading leads...'}</span>
        <span className="text-muted-foreground tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} aria-label="Upload progress" />
      <p className="text-muted-foreground text-sm tabular-nums">
        {count(progress?.rowsRead ?? 0)} rows processed · {count(progress?.added ?? 0)} added ·{' '}
        {count(progress?.duplicates ?? 0)} duplicates · {count(progress?.errors ?? 0)} errors
      </p>
      <p className="text-muted-foreground text-xs">
        Cancel stops after the current batch. Leads already imported stay in your database.
      </p>
    </div>
  );
}
