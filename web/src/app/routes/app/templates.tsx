import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function TemplatesRoute() {
  usePageTitle('Templates');
  const user = useSignedInUser();
  return <TemplatesScreen isAdmin={user.isAdmin} />;
}
