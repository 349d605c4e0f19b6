import { PageHeader } from '@/components/page-header';

export default function SettingsRoute() {
  return (
    <PageHeader title="Account Settings" description="Manage your profile, your password and your subscription." />
  );
}
