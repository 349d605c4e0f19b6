import { useSessionCheck } from '@/api/get-user';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { DashboardScreen } from '@/features/campaigns/components/dashboard-screen';
import { FollowupsPanel } from '@/features/responses/components/followups-panel';
import { usePageTitle } from '@/lib/use-page-title';

export default function DashboardRoute() {
  usePageTitle('Dashboard');
  useSessionCheck();
  return <DashboardScreen user={useSignedInUser()} followups={<FollowupsPanel />} />;
}
