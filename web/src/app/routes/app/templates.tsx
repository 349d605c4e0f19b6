import { TemplatesScreen } from '@/features/templates/components/templates-screen';

export default function TemplatesRoute() {
  return <TemplatesScreen />;
}
