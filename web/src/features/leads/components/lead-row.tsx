import type { ListedLead } from '@contract/leads';
import { Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { BreakableEmail } from '@/components/breakable-email';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format-date';
import { leadName } from '../lib/lead-display';
import { LeadAvatar } from './lead-avatar';
import { LEAD_COLUMNS } from './lead-list-columns';
import { LeadStatusBadge } from './lead-status-badge';

type LeadRowProps = {
  lead: ListedLead;
  position: number;
  selected: boolean;
  deleting: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onDelete: () => void;
};

/**
 * A click anywhere on the row opens the details (docs/product.md §4), the email included, except on its
 * own controls (the checkbox, Delete) or when the click ends a text selection (a drag over the email to copy it).
 * The name is the row's button: Tab reaches it and Enter opens the details.
 */
function opensDetails(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('button, a, input, label')) return false;
  return (window.getSelection()?.toString() ?? '') === '';
}

/** One list row. On a phone the email wraps whole and the company sits under it; from md up, columns. */
export function LeadRow({ lead, position, selected, deleting, onToggle, onOpen, onDelete }: LeadRowProps) {
  const name = leadName(lead);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a larger mouse target for the name's button, which keyboards and screen readers use.
    <div
      onClick={(event) => opensDetails(event) && onOpen()}
      className="flex h-full min-h-[72px] cursor-pointer items-center gap-3 border-b px-4 py-3 transition-colors hover:bg-muted/50 sm:gap-4 sm:px-6"
    >
      <input
        type="checkbox"
        aria-label={`Select ${lead.email}`}
        checked={selected}
        onChange={onToggle}
        className="size-4 shrink-0 cursor-pointer accent-primary"
      />
      <span className="hidden w-8 shrink-0 text-right text-muted-foreground text-xs tabular-nums sm:block">
        {position}
      </span>
      <LeadAvatar lead={lead} />
      {/* On a phone the company sits under the email; from md up it is a column of its own, as are the dates. */}
      <div className="min-w-0 flex-1 md:flex md:items-center md:gap-4">
        <div className="min-w-0 md:flex-1">
          <button
            type="button"
            onClick={onOpen}
            className="block max-w-full truncate rounded-sm text-left font-medium text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            {name ?? <span className="text-muted-foreground italic">Name not provided</span>}
          </button>
          {/* Whole on a phone, wrapping after the @ and before a dot; one line, cut short, on a wider screen. */}
          <p className="w-fit max-w-full break-words text-muted-foreground text-sm md:truncate" title={lead.email}>
            <BreakableEmail email={lead.email} />
          </p>
        </div>
        <div className={`min-w-0 ${LEAD_COLUMNS.company}`}>
          {lead.company && <p className="break-words text-sm md:truncate">{lead.company}</p>}
        </div>
        <p className={`hidden text-muted-foreground text-sm md:block ${LEAD_COLUMNS.added}`}>
          {formatDay(lead.createdAt)}
        </p>
        <p className={`hidden text-muted-foreground text-sm md:block ${LEAD_COLUMNS.lastContact}`}>
          {lead.lastContactedAt ? formatDay(lead.lastContactedAt) : 'Never'}
        </p>
      </div>
      <div className={`shrink-0 ${LEAD_COLUMNS.status}`}>
        <LeadStatusBadge status={lead.status} />
      </div>
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
