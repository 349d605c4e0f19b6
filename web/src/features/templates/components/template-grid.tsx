import type { Template } from '@contract/templates';
import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorToastMessage } from '@/lib/api';
import { TemplateCard } from './template-card';
import { TemplatesEmptyState } from './templates-empty-state';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

function TemplateCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-5 w-2/5" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <div className="mt-3 flex justify-end gap-2">
        <Skeleton className="h-8 w-16" />
        <Skeleton className="size-8" />
      </div>
    </div>
  );
}

/** The list of templates as cards, with its loading, failure and empty states. */
export function TemplateGrid({
  templates,
  loading,
  error,
  filtered,
  deletingId,
  onRetry,
  onCreate,
  onEdit,
  onDelete,
}: {
  templates: Template[];
  loading: boolean;
  error: Error | null;
  filtered: boolean;
  deletingId: number | null | undefined;
  onRetry: () => void;
  onCreate: () => void;
  onEdit: (template: Template) => void;
  onDelete: (template: Template) => void;
}) {
  if (loading) {
    return (
      <div className={GRID} role="status" aria-label="Loading templates">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders, all alike and never reordered.
          <TemplateCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col items-center rounded-xl border bg-card px-6 py-12 text-center">
        <AlertCircle className="mb-3 size-8 text-destructive" aria-hidden="true" />
        <h3 className="font-semibold">Failed to load templates</h3>
        <p className="mt-1 text-muted-foreground text-sm">{errorToastMessage(error, 'Please try again.')}</p>
        <Button variant="outline" className="mt-5" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (templates.length === 0) return <TemplatesEmptyState filtered={filtered} onCreate={onCreate} />;
  return (
    <div className={GRID}>
      {templates.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          deleting={deletingId === template.id}
          onEdit={() => onEdit(template)}
          onDelete={() => onDelete(template)}
        />
      ))}
    </div>
  );
}
