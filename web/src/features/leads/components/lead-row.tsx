import type { Lead } from '@contract/leads';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format-date';
import { leadName } from '../lib/lead-display';
import { LeadAvatar } from './lead-avatar';
import { LeadStatusBadge } from './lead-status-badge';

type LeadRowProps = {
  lead: Lead;
  position: number;
  deleting: boolean;
  onOpen: () => void;
  onDelete: () => void;
};

/**
 * One list row. The whole row opens the details (a stretched button under the content); the delete button sits
 * above it, so the two never nest.
 */
export function LeadRow({ lead, position, deleting, onOpen, onDelete }: LeadRowProps) {
  const name = leadName(lead);
  return (
    <div className="relative flex h-full items-center gap-3 border-b px-4 transition-colors hover:bg-muted/50 sm:gap-4 sm:px-6">
      <span className="w-8 shrink-0 text-right text-muted-foreground text-xs tabular-nums">{position}</span>
      <LeadAvatar lead={lead} />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          className="block max-w-full truncate text-left font-medium text-sm outline-none after:absolute after:inset-0 focus-visible:after:ring-[3px] focus-visible:after:ring-ring/40 focus-visible:after:ring-inset"
        >
          {name ?? <span className="text-muted-foreground italic">Name not provided</span>}
        </button>
        <p className="truncate text-muted-foreground text-sm">{lead.email}</p>
      </div>
      <div className="hidden w-44 min-w-0 md:block">
        <p className="truncate text-sm">{lead.company}</p>
        <p className="truncate text-muted-foreground text-xs">Added {formatDay(lead.createdAt)}</p>
      </div>
      <LeadStatusBadge status={lead.status} />
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${lead.email}`}
        disabled={deleting}
        onClick={onDelete}
        className="relative z-10 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
      >
        {deleting ? <Spinner className="size-4" /> : <Trash2 />}
      </Button>
    </div>
  );
}
