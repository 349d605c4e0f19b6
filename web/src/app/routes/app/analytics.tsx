import { AnalyticsScreen } from '@/features/analytics/components/analytics-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function AnalyticsRoute() {
  usePageTitle('Analytics');
  return <AnalyticsScreen />;
}
