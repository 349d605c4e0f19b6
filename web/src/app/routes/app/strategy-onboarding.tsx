import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { StrategyOnboardingScreen } from '@/features/strategy/components/strategy-onboarding-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function StrategyOnboardingRoute() {
  usePageTitle('Marketing Strategy');
  return <StrategyOnboardingScreen user={useSignedInUser()} />;
}
