import type { EmailAccount } from '@contract/accounts';
import { Flame } from 'lucide-react';
import { MarkAsWarmButton } from '@/components/mark-as-warm-button';
import { warmupLabel } from '../lib/account-display';

/** Why the mailbox's limit today is under its daily limit (its warm-up ramp), with the way to skip it; nothing once warm. */
export function WarmupRamp({ account }: { account: EmailAccount }) {
  const label = warmupLabel(account.warmup, account.dailyLimit);
  if (label === null) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm">
      <p className="flex items-center gap-1.5">
        <Flame className="size-4 shrink-0" aria-hidden="true" />
        {label}
      </p>
      <MarkAsWarmButton account={account} />
    </div>
  );
}
