import { StockTipsScreen } from '@/features/stock-tips/components/stock-tips-screen';
import { usePageTitle } from '@/lib/use-page-title';

export default function StockTipsRoute() {
  usePageTitle('Stock Tips');
  return <StockTipsScreen />;
}
