import { cn } from '@/lib/utils';
import type { CharacterCount } from '../lib/character-count';

/** How long a field is against its limit, once near it (`characterCount`); red past it. */
export function CharacterCounter({ id, count }: { id: string; count: CharacterCount | null }) {
  if (!count) return null;
  return (
    <p
      id={id}
      className={cn('text-xs tabular-nums', count.over ? 'font-medium text-destructive' : 'text-muted-foreground')}
    >
      {count.text}
    </p>
  );
}
