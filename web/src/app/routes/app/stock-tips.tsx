import { PageHeader } from '@/components/page-header';

export default function StockTipsRoute() {
  return (
    <PageHeader
      title="Stock Tips"
      description="A daily AI-generated stock tip that can appear at the foot of your emails."
    />
  );
}
