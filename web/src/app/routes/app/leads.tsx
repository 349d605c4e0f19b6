import { PageHeader } from '@/components/page-header';

export default function LeadsRoute() {
  return <PageHeader title="Leads Database" description="Manage your email contacts and subscribers" />;
}
