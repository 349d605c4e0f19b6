import { Send } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <span className={cn('flex items-center gap-2 font-bold text-lg tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Send className="size-4" aria-hidden="true" />
      </span>
      <span className={wordmarkClassName}>LocalReach</span>
    </span>
  );
}
