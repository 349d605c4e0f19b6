import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function Spinner({ className, ...props }: React.ComponentProps<'svg'>) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} {...props} />;
}
