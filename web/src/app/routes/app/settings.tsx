import { PageHeader } from '@/components/page-header';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { SubscriptionBanner } from '@/features/campaigns/components/subscription-banner';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';
import { usePageTitle } from '@/lib/use-page-title';

export default function SettingsRoute() {
  usePageTitle('Settings');
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        title="Account Settings"
        description="Your profile, when and how your emails go out, your subscription and your sign-in."
      />
      <div className="grid max-w-3xl gap-6">
        <SubscriptionBanner user={user} />
        <SettingsTabs user={user} />
      </div>
    </>
  );
}
