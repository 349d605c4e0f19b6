import { PageHeader } from '@/components/page-header';

export default function DashboardRoute() {
  return (
    <PageHeader
      title="Mass Email Campaign"
      description="Pick a mailbox, a template and your recipients, send the campaign, then follow up on the replies it brings in."
    />
  );
}
