import { PageHeader } from '@/components/page-header';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { SubscriptionBanner } from '@/features/campaigns/components/subscription-banner';
import { AccountInformationCard } from '@/features/settings/components/account-information-card';
import { AiProviderCard } from '@/features/settings/components/ai-provider-card';
import { BookingLinksCard } from '@/features/settings/components/booking-links-card';
import { MarketingStrategyCard } from '@/features/settings/components/marketing-strategy-card';
import { PasswordCard } from '@/features/settings/components/password-card';
import { ProfileInformationCard } from '@/features/settings/components/profile-information-card';
import { SenderDetailsCard } from '@/features/settings/components/sender-details-card';
import { SendingWindowCard } from '@/features/settings/components/sending-window-card';
import { SessionsCard } from '@/features/settings/components/sessions-card';
import { SubscriptionCard } from '@/features/settings/components/subscription-card';
import { TimezoneCard } from '@/features/settings/components/timezone-card';
import { usePageTitle } from '@/lib/use-page-title';

export default function SettingsRoute() {
  usePageTitle('Settings');
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, your password and your subscription." />
      <div className="grid max-w-3xl gap-6">
        <SubscriptionBanner user={user} />
        <AccountInformationCard user={user} />
        <SubscriptionCard user={user} />
        <ProfileInformationCard user={user} />
        <MarketingStrategyCard />
        <SenderDetailsCard user={user} />
        <BookingLinksCard user={user} />
        <SendingWindowCard user={user} />
        <TimezoneCard user={user} />
        <PasswordCard />
        <SessionsCard />
        {user.isAdmin && <AiProviderCard />}
      </div>
    </>
  );
}
