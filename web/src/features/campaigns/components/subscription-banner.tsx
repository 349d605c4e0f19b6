import type { User } from '@contract/auth';
import { Link } from 'wouter';
import { formatDay } from '@/lib/format-date';

/** SPEC §2: the trial or subscription banner, linking to Settings. Nothing while the subscription is active. */
export function SubscriptionBanner({ user }: { user: Pick<User, 'subscriptionStatus' | 'trialEndDate'> }) {
  if (user.subscriptionStatus === 'active') return null;
  const text =
    user.subscriptionStatus === 'trial'
      ? `Free trial${user.trialEndDate ? ` until ${formatDay(user.trialEndDate)}` : ''}.`
      : `Your subscription is ${user.subscriptionStatus}.`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/20 bg-primary/5 px-4 py-3 text-sm">
      <span>{text}</span>
      <Link href="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
        Manage subscription
      </Link>
    </div>
  );
}
