import { useSessionCheck } from '@/api/get-user';
import { InstructionsScreen } from '@/features/instructions/components/instructions-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function InstructionsRoute() {
  usePageTitle('Instructions');
  useSessionCheck();
  return <InstructionsScreen />;
}
