import { useSessionCheck } from '@/features/auth/api/get-user';
import { InstructionsScreen } from '@/features/instructions/components/instructions-screen';

export default function InstructionsRoute() {
  useSessionCheck();
  return <InstructionsScreen />;
}
