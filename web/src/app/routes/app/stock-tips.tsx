import { StockTipsScreen } from '@/features/stock-tips/components/stock-tips-screen';

export default function StockTipsRoute() {
  return <StockTipsScreen />;
}
