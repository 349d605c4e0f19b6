import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type FormFieldProps = { id: string; label: string; error?: string; hint?: string } & ComponentProps<typeof Input>;

/** A labelled input with its hint or, when invalid, its error beneath (read out with the input). */
export function FormField({ id, label, error, hint, className, ...inputProps }: FormFieldProps) {
  const note = error ?? hint;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        className="aria-invalid:border-destructive aria-invalid:ring-destructive/20"
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        {...inputProps}
      />
      {note && (
        <p id={`${id}-note`} className={error ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}>
          {note}
        </p>
      )}
    </div>
  );
}
