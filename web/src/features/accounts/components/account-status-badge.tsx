import type { AccountStatus } from '@contract/accounts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { type StatusTone, statusIcon, statusLabel, statusTone } from '../lib/account-display';

const toneStyles: Record<StatusTone, string> = {
  green: 'border-emerald-200 bg-emerald-50 text-emerald-700',
  yellow: 'border-amber-200 bg-amber-50 text-amber-800',
  red: 'border-red-200 bg-red-50 text-red-700',
  grey: 'border-border bg-muted text-muted-foreground',
};

/** docs/product.md §4: display only; the icon and colour follow the status. */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const icon = statusIcon(status);
  return (
    <Badge variant="outline" className={cn('capitalize', toneStyles[statusTone(status)])}>
      {icon === 'check' && <CircleCheck className="size-3.5" aria-hidden="true" />}
      {icon === 'alert' && <CircleAlert className="size-3.5" aria-hidden="true" />}
      {statusLabel(status)}
    </Badge>
  );
}
