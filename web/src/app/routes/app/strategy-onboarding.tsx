import { PageHeader } from '@/components/page-header';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';

export default function StrategyOnboardingRoute() {
  const user = useSignedInUser();
  return (
    <PageHeader
      title={`Welcome, ${user.firstName?.trim() || user.email}!`}
      description="Your personalised email marketing strategy, built from your company, industry and preferred local clients."
    />
  );
}
