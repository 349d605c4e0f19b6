import { PageHeader } from '@/components/page-header';

export default function AccountsRoute() {
  return (
    <PageHeader
      title="Email Accounts"
      description="Connect the mailboxes your campaigns are sent from and keep an eye on daily sending."
    />
  );
}
