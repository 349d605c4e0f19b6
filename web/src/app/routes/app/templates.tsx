import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function TemplatesRoute() {
  usePageTitle('Templates');
  return <TemplatesScreen />;
}
