import { useSessionCheck } from '@/api/get-user';
import { AccessDenied } from '@/features/admin/components/access-denied';
import { AdminScreen } from '@/features/admin/components/admin-screen';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { usePageTitle } from '@/lib/use-page-title';

export default function AdminRoute() {
  usePageTitle('Admin');
  useSessionCheck();
  const user = useSignedInUser();
  // The server refuses non-admins anyway (403); without the flag there is nothing to ask it.
  if (!user.isAdmin) return <AccessDenied />;
  return <AdminScreen />;
}
