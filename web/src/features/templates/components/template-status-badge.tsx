import type { TemplateStatus } from '@contract/templates';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { templateStatusLabels } from '../lib/template-status';

// Active stands out because only Active templates are sent (docs/product.md §4).
const statusStyles: Record<TemplateStatus, string> = {
  active: 'border-emerald-200 bg-emerald-50 text-emerald-700',
  draft: 'border-amber-200 bg-amber-50 text-amber-800',
  archived: 'border-border bg-muted text-muted-foreground',
};

export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  return (
    <Badge variant="outline" className={cn(statusStyles[status])}>
      {templateStatusLabels[status]}
    </Badge>
  );
}
