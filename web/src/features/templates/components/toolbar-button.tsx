import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A square icon button of the body editor's toolbar; `active` marks a format that applies at the cursor. */
export function ToolbarButton({
  label,
  icon: Icon,
  active,
  className,
  ...props
}: { label: string; icon: LucideIcon; active?: boolean } & React.ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      // A click keeps the focus and selection in the editor, so typing goes on with the new format at once.
      onMouseDown={(event) => event.preventDefault()}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-accent aria-pressed:text-accent-foreground',
        className,
      )}
      {...props}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}
