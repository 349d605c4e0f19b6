import { excerptFromHtml } from '@contract/html-text';
import type { Template } from '@contract/templates';
import { CalendarDays, Paperclip, Pencil, Trash2, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TemplateStatusBadge } from './template-status-badge';

const EXCERPT_LENGTH = 160;

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-muted px-2 py-0.5 text-muted-foreground text-xs [&_svg]:size-3.5">
      {icon}
      {children}
    </span>
  );
}

/**
 * One template in the grid. The body is shown as plain text taken from its HTML, never as HTML. A click anywhere on
 * the card opens it for editing, as Edit does: the name is a button whose area covers the card, under the actions.
 */
export function TemplateCard({
  template,
  deleting,
  onEdit,
  onDelete,
}: {
  template: Template;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = `template-${template.id}-name`;
  const excerpt = excerptFromHtml(template.body, EXCERPT_LENGTH);
  const attachmentCount = template.attachments.length;

  return (
    <article
      aria-labelledby={titleId}
      className="relative flex flex-col rounded-xl border bg-card p-5 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 truncate font-semibold" title={template.name}>
          <button
            type="button"
            onClick={onEdit}
            className="block max-w-full cursor-pointer truncate text-left outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
          >
            {template.name}
          </button>
        </h3>
        <TemplateStatusBadge status={template.status} />
      </div>
      <p className="mt-1 truncate font-medium text-sm">{template.subject}</p>
      <p className="mt-2 line-clamp-3 text-muted-foreground text-sm">{excerpt || 'No body text'}</p>

      {(template.weekNumber !== null || template.includeStockTip || attachmentCount > 0) && (
        <div className="mt-4 flex flex-wrap gap-1.5">
          {template.weekNumber !== null && <Detail icon={<CalendarDays />}>Week {template.weekNumber}</Detail>}
          {template.includeStockTip && <Detail icon={<TrendingUp />}>Stock tip</Detail>}
          {attachmentCount > 0 && (
            <Detail icon={<Paperclip />}>
              {attachmentCount} {attachmentCount === 1 ? 'attachment' : 'attachments'}
            </Detail>
          )}
        </div>
      )}

      <div className="mt-auto flex items-center justify-end gap-2 pt-5">
        <Button variant="outline" size="sm" className="relative" onClick={onEdit}>
          <Pencil />
          Edit
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Delete ${template.name}`}
          title="Delete template"
          disabled={deleting}
          onClick={onDelete}
        >
          {deleting ? <Spinner className="size-4" /> : <Trash2 />}
        </Button>
      </div>
    </article>
  );
}
