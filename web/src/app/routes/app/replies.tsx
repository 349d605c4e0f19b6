import { RepliesScreen } from '@/features/responses/components/replies-screen';

export default function RepliesRoute() {
  return <RepliesScreen />;
}
