import type { EmailAccount } from '@contract/accounts';
import { type CheckStatus, DOMAIN_CHECK_LABELS, DOMAIN_CHECK_NAMES, type DomainCheck } from '@contract/domain-health';
import { CircleAlert, CircleCheck, CircleHelp, CircleX, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { formatDayTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useCheckAccountHealth } from '../api/check-account-health';

const statusLooks: Record<CheckStatus, { label: string; icon: typeof CircleCheck; className: string }> = {
  pass: { label: 'Pass', icon: CircleCheck, className: 'text-emerald-700' },
  warning: { label: 'Warning', icon: CircleAlert, className: 'text-amber-700' },
  fail: { label: 'Fail', icon: CircleX, className: 'text-red-700' },
  unknown: { label: 'Unknown', icon: CircleHelp, className: 'text-muted-foreground' },
};

function CheckRow({ name, check }: { name: string; check: DomainCheck }) {
  const look = statusLooks[check.status];
  const Icon = look.icon;
  return (
    <li className="flex gap-2 py-1.5">
      <Icon className={cn('mt-0.5 size-4 shrink-0', look.className)} aria-hidden="true" />
      <div className="min-w-0 text-sm">
        <p>
          <span className="font-medium">{name}</span>{' '}
          <span className={cn('font-medium text-xs', look.className)}>{look.label}</span>
        </p>
        <p className="break-words text-muted-foreground">{check.detail}</p>
        {check.advice && <p className="mt-0.5 break-words">{check.advice}</p>}
      </div>
    </li>
  );
}

/** The sending domain's MX, SPF, DKIM, DMARC and blocklist checks, each with what to do, and "Check again". */
export function DomainHealthPanel({ account }: { account: EmailAccount }) {
  const check = useCheckAccountHealth();
  const { health } = account;

  const checkAgain = async () => {
    try {
      await check.mutateAsync(account.id);
      toast({
        title: 'Domain Checked',
        description: `The DNS records of ${account.email.split('@')[1]} were checked again.`,
      });
    } catch (error) {
      toast({
        title: 'Check Failed',
        description: errorToastMessage(error, 'Failed to check the domain'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-label="Domain health" className="rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h4 className="font-medium text-sm">Domain health{health && `: ${health.domain}`}</h4>
          <p className="text-muted-foreground text-xs">
            {health ? `Checked ${formatDayTime(health.checkedAt)}` : 'Not checked yet: the first check runs shortly.'}
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={check.isPending} onClick={checkAgain}>
          {check.isPending ? <Spinner className="size-4" /> : <RefreshCw />}
          Check again
        </Button>
      </div>
      {health && (
        <ul className="mt-2 divide-y">
          {DOMAIN_CHECK_NAMES.map((name) => (
            <CheckRow key={name} name={DOMAIN_CHECK_LABELS[name]} check={health[name]} />
          ))}
        </ul>
      )}
    </section>
  );
}
