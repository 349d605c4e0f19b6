import { PageHeader } from '@/components/page-header';
import { useSessionCheck } from '@/features/auth/api/get-user';

export default function InstructionsRoute() {
  useSessionCheck();
  return (
    <PageHeader
      title="How to Use LocalReach"
      description="A step-by-step guide to connecting mailboxes, importing leads and running your first campaign."
    />
  );
}
