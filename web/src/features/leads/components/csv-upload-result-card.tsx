import { CheckCircle2, CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { CsvUploadOutcome } from '../lib/upload-csv-file';

const titles: Record<CsvUploadOutcome['status'], string> = {
  complete: 'Upload Complete',
  cancelled: 'Upload Cancelled',
  failed: 'Upload Stopped',
};

function Tally({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={cn('rounded-lg px-3 py-3 text-center', tone)}>
      <p className="font-bold text-2xl tabular-nums">{value.toLocaleString('en-US')}</p>
      <p className="text-xs">{label}</p>
    </div>
  );
}

/** The result of an upload, summed over its chunks; a stopped upload says that what came before it is kept. */
export function CsvUploadResultCard({ outcome }: { outcome: CsvUploadOutcome }) {
  const { totals, status } = outcome;
  const Icon = status === 'complete' ? CheckCircle2 : CircleAlert;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-2">
        <Icon
          className={cn('size-5', status === 'complete' ? 'text-emerald-600' : 'text-amber-600')}
          aria-hidden="true"
        />
        <h3 className="font-semibold">{titles[status]}</h3>
      </div>
      {status !== 'complete' && (
        <p className="text-muted-foreground text-sm">
          The upload stopped part way through the file. The leads imported before it stopped are kept.
        </p>
      )}
      <div className="grid grid-cols-3 gap-2">
        <Tally label="Leads Added" value={totals.added} tone="bg-emerald-50 text-emerald-800" />
        <Tally label="Duplicates Skipped" value={totals.duplicates} tone="bg-amber-50 text-amber-900" />
        <Tally label="Errors" value={totals.errors} tone="bg-red-50 text-red-800" />
      </div>
      <p className="text-muted-foreground text-sm">
        Leads are skipped when their email is already in your database or appears earlier in the file (duplicates), or
        when the email is missing or invalid (errors).
      </p>
      {totals.errorDetails.length > 0 && (
        <div className="grid gap-1.5">
          <p className="font-medium text-sm">
            {totals.errors > totals.errorDetails.length
              ? `First ${totals.errorDetails.length} of ${totals.errors.toLocaleString('en-US')} row errors`
              : 'Row errors'}
          </p>
          <ul className="max-h-40 overflow-y-auto rounded-lg border bg-muted/40 px-3 py-2 font-mono text-xs leading-relaxed">
            {totals.errorDetails.map((detail) => (
              <li key={detail.row} className="break-all">
                Row {detail.row}: {detail.email || '(no email)'} — {detail.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
