import { Info } from 'lucide-react';

export function CsvFormatNotes() {
  return (
    <div className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900 text-sm">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium">CSV format</p>
        <ul className="list-disc space-y-0.5 pl-4 text-sky-900/90">
          <li>The first row is the header. An email column is required.</li>
          <li>Optional columns: firstName, lastName, company.</li>
          <li>Any other columns are kept as additional information on each lead.</li>
          <li>Emails already in your leads, or repeated in the file, are skipped as duplicates.</li>
        </ul>
      </div>
    </div>
  );
}
