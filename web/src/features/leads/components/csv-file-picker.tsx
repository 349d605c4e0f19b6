import { FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Pick a file by clicking or dropping it; once chosen, shows the file with a way to change it. */
export function CsvFilePicker({
  file,
  disabled,
  onChoose,
}: {
  file: File | null;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const input = (
    <input
      id={inputId}
      type="file"
      accept=".csv,text/csv"
      aria-label="CSV file"
      className="sr-only"
      disabled={disabled}
      onChange={(event) => {
        onChoose(event.target.files?.[0]);
        // Choosing the same file again after a change still fires onChange.
        event.target.value = '';
      }}
    />
  );

  if (file) {
    return (
      <div className="flex items-center gap-3 rounded-lg border bg-muted/40 px-4 py-3">
        <FileSpreadsheet className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-sm">{file.name}</p>
          <p className="text-muted-foreground text-xs">{formatBytes(file.size)}</p>
        </div>
        {input}
        <Button variant="outline" size="sm" asChild disabled={disabled}>
          <label htmlFor={inputId} className={cn(disabled && 'pointer-events-none opacity-60')}>
            Change file
          </label>
        </Button>
      </div>
    );
  }

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onChoose(event.dataTransfer.files[0]);
      }}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors hover:border-primary/50 hover:bg-accent/40',
        dragging && 'border-primary bg-accent/60',
      )}
    >
      {input}
      <div className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Upload className="size-5" aria-hidden="true" />
      </div>
      <p className="font-medium text-sm">Choose a CSV file or drop it here</p>
      <p className="text-muted-foreground text-xs">Comma, semicolon or tab separated; any size</p>
    </label>
  );
}
