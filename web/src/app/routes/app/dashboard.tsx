import { useSessionCheck } from '@/features/auth/api/get-user';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { DashboardScreen } from '@/features/campaigns/components/dashboard-screen';
import { FollowupsPanel } from '@/features/responses/components/followups-panel';

export default function DashboardRoute() {
  useSessionCheck();
  return <DashboardScreen user={useSignedInUser()} followups={<FollowupsPanel />} />;
}
