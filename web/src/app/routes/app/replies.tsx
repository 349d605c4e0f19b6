import { RepliesScreen } from '@/features/responses/components/replies-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function RepliesRoute() {
  usePageTitle('Replies');
  return <RepliesScreen />;
}
