import { AccountsScreen } from '@/features/accounts/components/accounts-screen';

export default function AccountsRoute() {
  return <AccountsScreen />;
}
