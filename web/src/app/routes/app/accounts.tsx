import { AccountsScreen } from '@/features/accounts/components/accounts-screen';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { usePageTitle } from '@/lib/use-page-title';

export default function AccountsRoute() {
  usePageTitle('Email Accounts');
  const user = useSignedInUser();
  return <AccountsScreen isAdmin={user.isAdmin} />;
}
