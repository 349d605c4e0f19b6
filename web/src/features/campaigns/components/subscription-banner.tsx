import type { User } from '@contract/auth';
import { subscriptionBanner } from '@contract/subscription';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/**
 * docs/product.md §2 and §4: the trial-ending (7 days or fewer), trial-expired and reactivation banners, linking to Settings;
 * nothing otherwise. The rule is contract/subscription.ts's, the one the server keeps the status by.
 */
export function SubscriptionBanner({ user }: { user: Pick<User, 'subscriptionStatus' | 'trialEndDate'> }) {
  const banner = subscriptionBanner(user, new Date());
  if (!banner) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm',
        banner.kind === 'trial-ending'
          ? 'border-amber-300 bg-amber-50 text-amber-900'
          : 'border-destructive/30 bg-destructive/5 text-destructive',
      )}
    >
      <span>{banner.text}</span>
      <Link href="/settings" className="font-medium underline-offset-4 hover:underline">
        {banner.kind === 'trial-ending' ? 'Subscribe now' : 'Subscribe'}
      </Link>
    </div>
  );
}
