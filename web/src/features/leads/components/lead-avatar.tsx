import type { Lead } from '@contract/leads';
import { cn } from '@/lib/utils';
import { leadInitial } from '../lib/lead-display';

export function LeadAvatar({
  lead,
  className,
}: {
  lead: Pick<Lead, 'firstName' | 'lastName' | 'email'>;
  className?: string;
}) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground text-sm',
        className,
      )}
    >
      {leadInitial(lead)}
    </div>
  );
}
