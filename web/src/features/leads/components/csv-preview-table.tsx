import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { CsvPreview } from '../lib/csv-preview';

// Cells are cut short: a preview must not put a megabyte-long field into the page.
const MAX_CELL_CHARS = 80;
const cut = (value: string | undefined) =>
  value && value.length > MAX_CELL_CHARS ? `${value.slice(0, MAX_CELL_CHARS)}…` : (value ?? '');

/** The header and the first rows of the file, as the file has them. */
export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <div className="grid gap-2">
      <p className="font-medium text-sm">
        Preview <span className="font-normal text-muted-foreground">(first {preview.rows.length} rows)</span>
      </p>
      <div className="max-h-60 overflow-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              {preview.fields.map((field, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a file may repeat a header; its place tells them apart.
                <TableHead key={`${field}-${index}`}>{cut(field)}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file have no identity besides their place in it.
              <TableRow key={rowIndex}>
                {preview.fields.map((field, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file may repeat a header; its place tells them apart.
                  <TableCell key={`${field}-${index}`} className="max-w-56 truncate">
                    {cut(row[field])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
