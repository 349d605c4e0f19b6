import { PageHeader } from '@/components/page-header';
import { useSessionCheck } from '@/features/auth/api/get-user';

export default function DashboardRoute() {
  useSessionCheck();
  return (
    <PageHeader
      title="Mass Email Campaign"
      description="Pick a mailbox, a template and your recipients, send the campaign, then follow up on the replies it brings in."
    />
  );
}
