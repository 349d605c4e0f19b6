import type { Lead } from '@contract/leads';
import { Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
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
 * A click on the row opens the details, except on the email (text to select and copy) or when the click ends a
 * text selection. The name is the row's button: Tab reaches it and Enter opens the details.
 */
function opensDetails(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('button, a, [data-selectable-text]')) return false;
  return (window.getSelection()?.toString() ?? '') === '';
}

/** One list row. On a phone the email wraps whole and the company sits under it. */
export function LeadRow({ lead, position, deleting, onOpen, onDelete }: LeadRowProps) {
  const name = leadName(lead);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a larger mouse target for the name's button, which keyboards and screen readers use.
    <div
      onClick={(event) => opensDetails(event) && onOpen()}
      className="flex h-full min-h-[72px] cursor-pointer items-center gap-3 border-b px-4 py-3 transition-colors hover:bg-muted/50 sm:gap-4 sm:px-6"
    >
      <span className="w-8 shrink-0 text-right text-muted-foreground text-xs tabular-nums">{position}</span>
      <LeadAvatar lead={lead} />
      {/* On a phone the company sits under the email; from md up it is a column of its own, with the date. */}
      <div className="min-w-0 flex-1 md:flex md:items-center md:gap-4">
        <div className="min-w-0 md:flex-1">
          <button
            type="button"
            onClick={onOpen}
            className="block max-w-full truncate rounded-sm text-left font-medium text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            {name ?? <span className="text-muted-foreground italic">Name not provided</span>}
          </button>
          <p
            data-selectable-text
            className="w-fit max-w-full cursor-text break-all text-muted-foreground text-sm md:truncate"
          >
            {lead.email}
          </p>
        </div>
        <div className="min-w-0 md:w-44">
          {lead.company && <p className="break-words text-sm md:truncate">{lead.company}</p>}
          <p className="hidden truncate text-muted-foreground text-xs md:block">Added {formatDay(lead.createdAt)}</p>
        </div>
      </div>
      <LeadStatusBadge status={lead.status} />
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${lead.email}`}
        disabled={deleting}
        onClick={onDelete}
        className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
      >
        {deleting ? <Spinner className="size-4" /> : <Trash2 />}
      </Button>
    </div>
  );
}
