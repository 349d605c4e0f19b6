import { LeadsScreen } from '@/features/leads/components/leads-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function LeadsRoute() {
  usePageTitle('Leads');
  return <LeadsScreen />;
}
