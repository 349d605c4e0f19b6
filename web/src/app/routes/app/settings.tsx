import { PageHeader } from '@/components/page-header';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { AiProviderCard } from '@/features/settings/components/ai-provider-card';

export default function SettingsRoute() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, your password and your subscription." />
      {user.isAdmin && (
        <div className="grid max-w-3xl gap-6">
          <AiProviderCard />
        </div>
      )}
    </>
  );
}
