import { PageHeader } from '@/components/page-header';

export default function AnalyticsRoute() {
  return (
    <PageHeader
      title="Analytics Dashboard"
      description="See how your emails are delivered, opened, clicked and answered."
    />
  );
}
