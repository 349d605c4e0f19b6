import { LeadsScreen } from '@/features/leads/components/leads-screen';

export default function LeadsRoute() {
  return <LeadsScreen />;
}
