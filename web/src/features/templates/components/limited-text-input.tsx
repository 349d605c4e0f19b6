import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { characterCount } from '../lib/character-count';
import { CharacterCounter } from './character-counter';

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange' | 'maxLength'>;

/**
 * A labelled text field with the server's length limit: a counter beside the label once near it, and the field
 * flagged past it. The trimmed text is counted, as that is what is stored.
 */
export function LimitedTextInput({
  id,
  label,
  max,
  value,
  onValueChange,
  className,
  ...inputProps
}: InputProps & { id: string; label: string; max: number; value: string; onValueChange: (value: string) => void }) {
  const count = characterCount(value.trim().length, max);
  const counterId = `${id}-count`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Label htmlFor={id}>{label}</Label>
        <CharacterCounter id={counterId} count={count} />
      </div>
      <Input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={count?.over || undefined}
        aria-describedby={count ? counterId : undefined}
        className={cn(count?.over && 'border-destructive focus-visible:border-destructive', className)}
        {...inputProps}
      />
    </div>
  );
}
