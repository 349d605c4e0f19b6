import type { ResponsePriority } from '@contract/responses';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { priorityLabels } from '../lib/response-display';

// Hot stands out most; "other" (not interested, wrong person) is grey.
const priorityStyles: Record<ResponsePriority, string> = {
  hot: 'border-red-200 bg-red-50 text-red-700',
  high: 'border-orange-200 bg-orange-50 text-orange-700',
  medium: 'border-sky-200 bg-sky-50 text-sky-700',
  other: 'border-border bg-muted text-muted-foreground',
};

export function PriorityBadge({ priority, className }: { priority: ResponsePriority; className?: string }) {
  return (
    <Badge variant="outline" className={cn(priorityStyles[priority], className)}>
      {priorityLabels[priority]}
    </Badge>
  );
}
