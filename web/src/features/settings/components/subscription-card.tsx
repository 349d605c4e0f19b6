import type { User } from '@contract/auth';
import { MONTHLY_PRICE_USD, TRIAL_WARNING_DAYS, trialDaysRemaining } from '@contract/subscription';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useSubscription } from '../api/get-subscription';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';

/**
 * Where billing is not set up: an administrator learns how to set it up (or to set subscriptions by hand); anyone else
 * whom to write to (BILLING_CONTACT, SUPPORT_EMAIL, else the first administrator), never their own address.
 */
export function billingNotSetUpText(user: Pick<User, 'isAdmin' | 'email'>, contact: string | null): string {
  if (user.isAdmin) {
    return 'Billing is not set up on this server. As its administrator, connect Stripe as the operations guide says (Mail, DNS and billing), or set subscriptions by hand on the Admin page.';
  }
  const writeTo = contact && contact.toLowerCase() !== user.email.toLowerCase() ? contact : null;
  return `Billing is not set up on this server. ${writeTo ? `Write to ${writeTo}` : 'Ask the administrator of this server'} to activate your subscription.`;
}

const TONES = {
  success: 'border-transparent bg-emerald-100 text-emerald-800',
  warning: 'border-transparent bg-amber-100 text-amber-800',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
  unknown: 'border-transparent bg-secondary text-secondary-foreground',
};

/** docs/product.md §4's badge: the trial's days left (a warning from 3 days), Active, Cancelled, Expired, else Unknown. */
function statusBadge(user: Pick<User, 'subscriptionStatus' | 'trialEndDate'>, now: Date) {
  switch (user.subscriptionStatus) {
    case 'trial': {
      const days = trialDaysRemaining(user.trialEndDate, now);
      return {
        label: `Free Trial (${days} days remaining)`,
        tone: days <= TRIAL_WARNING_DAYS ? TONES.warning : TONES.success,
      };
    }
    case 'active':
      return { label: 'Active', tone: TONES.success };
    case 'cancelled':
      return { label: 'Cancelled', tone: TONES.warning };
    case 'expired':
      return { label: 'Expired', tone: TONES.destructive };
    default:
      return { label: 'Unknown', tone: TONES.unknown };
  }
}

/** Long US date ("November 23, 2026"); "N/A" when there is none. */
function longDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** docs/product.md §2 and §4: the subscription's status and what the user can do about it. */
export function SubscriptionCard({ user }: { user: User }) {
  const subscription = useSubscription();
  const [notSetUp, setNotSetUp] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const badge = statusBadge(user, new Date());
  const details = subscription.data;

  const subscribe = () => {
    if (details?.subscribeUrl) window.open(details.subscribeUrl, '_blank', 'noopener,noreferrer');
    else setNotSetUp(true);
  };
  const cancelled = () => {
    setConfirming(false);
    toast({ title: 'Subscription cancelled', description: 'Your subscription has been cancelled successfully.' });
  };
  const failed = (error: unknown) =>
    toast({
      title: 'Cancellation failed',
      description: errorToastMessage(error, 'Failed to cancel subscription'),
      variant: 'destructive',
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>
          One plan: ${MONTHLY_PRICE_USD} per month, billed monthly in USD. Cancel anytime.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-muted-foreground">Status</span>
          <Badge className={badge.tone}>{badge.label}</Badge>
        </div>
        {user.subscriptionStatus === 'trial' && (
          <p className="text-sm">
            <span className="text-muted-foreground">Trial ends: </span>
            <span className="font-medium">{longDate(user.trialEndDate)}</span>
          </p>
        )}
        {user.subscriptionStatus === 'cancelled' && details?.subscriptionPeriodEnd && (
          <p className="text-sm">
            You keep access until <span className="font-medium">{longDate(details.subscriptionPeriodEnd)}</span>.
          </p>
        )}
        {(user.subscriptionStatus === 'trial' || user.subscriptionStatus === 'expired') && (
          <div className="grid gap-2">
            <Button onClick={subscribe} disabled={subscription.isPending} className="justify-self-start">
              Subscribe
            </Button>
            {notSetUp && (
              <p role="status" className="text-muted-foreground text-sm">
                {billingNotSetUpText(user, details?.billingContact ?? null)}
              </p>
            )}
          </div>
        )}
        {user.subscriptionStatus === 'active' && (
          <Button variant="outline" onClick={() => setConfirming(true)} className="justify-self-start">
            Cancel Subscription
          </Button>
        )}
        <CancelSubscriptionDialog
          open={confirming}
          onOpenChange={setConfirming}
          onCancelled={cancelled}
          onFailed={failed}
        />
      </CardContent>
    </Card>
  );
}
