import { PageHeader } from '@/components/page-header';

export default function TemplatesRoute() {
  return (
    <PageHeader
      title="Email Templates"
      description="Write and organise the emails your campaigns send, by hand or drafted with AI."
    />
  );
}
