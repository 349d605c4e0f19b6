import { PageHeader } from '@/components/page-header';

export default function InstructionsRoute() {
  return (
    <PageHeader
      title="How to Use LocalReach"
      description="A step-by-step guide to connecting mailboxes, importing leads and running your first campaign."
    />
  );
}
