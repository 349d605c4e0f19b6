import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// docs/product.md §4: active green, unsubscribed red, bounced yellow, anything else grey.
const statusStyles: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-700 border-emerald-200',
  unsubscribed: 'bg-red-50 text-red-700 border-red-200',
  bounced: 'bg-amber-50 text-amber-800 border-amber-200',
};

export function LeadStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn('capitalize', statusStyles[status] ?? 'border-border bg-muted text-muted-foreground', className)}
    >
      {status}
    </Badge>
  );
}
