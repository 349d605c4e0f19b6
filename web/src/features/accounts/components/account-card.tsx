import type { EmailAccount } from '@contract/accounts';
import { Mail, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { dailyUsagePercent, providerLabel, sentTodayLabel } from '../lib/account-display';
import { repliesLine, SEND_ONLY_LINE } from '../lib/replies-reading';
import { AccountStatusBadge } from './account-status-badge';
import { DailyLimitPopover } from './daily-limit-popover';
import { DomainHealthPanel } from './domain-health-panel';
import { SendTestEmailPopover } from './send-test-email-popover';
import { useDisconnectAccountWithConfirm } from './use-disconnect-account-with-confirm';
import { WarmupRamp } from './warmup-ramp';

// docs/product.md §2: card colours rotate through three styles.
const cardStyles = [
  { bar: 'bg-indigo-500', icon: 'bg-indigo-50 text-indigo-700', meter: '[&>div]:bg-indigo-500 bg-indigo-100' },
  { bar: 'bg-emerald-500', icon: 'bg-emerald-50 text-emerald-700', meter: '[&>div]:bg-emerald-500 bg-emerald-100' },
  { bar: 'bg-amber-500', icon: 'bg-amber-50 text-amber-700', meter: '[&>div]:bg-amber-500 bg-amber-100' },
];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="mt-0.5 font-medium text-sm tabular-nums">{children}</dd>
    </div>
  );
}

/** Whether the mailbox is read for replies: a wrong IMAP password otherwise goes unnoticed, with no replies. */
function RepliesReadingLine({ account }: { account: EmailAccount }) {
  // A reading error left from before a reconnect without IMAP no longer applies: the mailbox is not read.
  const line = account.readsReplies ? repliesLine(account.replies) : SEND_ONLY_LINE;
  return (
    <p
      className={cn('mt-1 break-words text-xs', line.failed ? 'font-medium text-destructive' : 'text-muted-foreground')}
    >
      {line.text}
    </p>
  );
}

export function AccountCard({ account, styleIndex }: { account: EmailAccount; styleIndex: number }) {
  const style = cardStyles[styleIndex % cardStyles.length];
  const { disconnectWithConfirm, isPending: disconnecting } = useDisconnectAccountWithConfirm();
  return (
    <article
      aria-label={account.email}
      className="relative flex h-full flex-col gap-4 overflow-hidden rounded-xl border bg-card p-5 pl-6 shadow-xs"
    >
      <div className={cn('absolute inset-y-0 left-0 w-1', style.bar)} aria-hidden="true" />
      <div className="flex items-start gap-3">
        <div className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', style.icon)}>
          <Mail className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="break-all font-semibold">{account.email}</h3>
            <AccountStatusBadge status={account.status} />
          </div>
          <p className="mt-0.5 text-muted-foreground text-sm">
            {account.displayName && <span className="text-foreground">{account.displayName} · </span>}
            {providerLabel(account.provider)}
          </p>
          <RepliesReadingLine account={account} />
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Disconnect ${account.email}`}
          className="-mt-1 -mr-2 text-muted-foreground hover:bg-red-50 hover:text-red-700"
          disabled={disconnecting}
          onClick={() => disconnectWithConfirm(account)}
        >
          {disconnecting ? <Spinner className="size-4" /> : <Trash2 />}
        </Button>
      </div>

      {account.status === 'error' && account.statusReason && (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800 text-sm">
          {account.statusReason}
        </p>
      )}

      <dl className="grid grid-cols-3 gap-4 rounded-lg bg-muted/60 p-3">
        <Fact label="Today's Sent">
          {sentTodayLabel(account.sentToday, account.effectiveDailyLimit)}
          <Progress
            aria-label="Share of today's limit used"
            value={dailyUsagePercent(account.sentToday, account.effectiveDailyLimit)}
            className={cn('mt-1.5 h-1.5', style.meter)}
          />
        </Fact>
        <Fact label="Last Reset">{formatDay(account.lastResetDate)}</Fact>
        <Fact label="Connected">{formatDay(account.createdAt)}</Fact>
      </dl>

      <WarmupRamp account={account} />
      <DomainHealthPanel account={account} />

      <div className="mt-auto flex flex-wrap gap-2">
        <SendTestEmailPopover account={account} />
        <DailyLimitPopover account={account} />
      </div>
    </article>
  );
}
