import { PageHeader } from '@/components/page-header';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { AiProviderCard } from '@/features/settings/components/ai-provider-card';
import { BookingLinksCard } from '@/features/settings/components/booking-links-card';
import { SenderDetailsCard } from '@/features/settings/components/sender-details-card';
import { SendingWindowCard } from '@/features/settings/components/sending-window-card';

export default function SettingsRoute() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, your password and your subscription." />
      <div className="grid max-w-3xl gap-6">
        <SenderDetailsCard user={user} />
        <BookingLinksCard user={user} />
        <SendingWindowCard user={user} />
        {user.isAdmin && <AiProviderCard />}
      </div>
    </>
  );
}
