import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { StrategyOnboardingScreen } from '@/features/strategy/components/strategy-onboarding-screen';

export default function StrategyOnboardingRoute() {
  return <StrategyOnboardingScreen user={useSignedInUser()} />;
}
