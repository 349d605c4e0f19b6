import { formatUsd, type StockTip } from '@contract/stock-tips';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { recommendationTone } from '../lib/stock-tip-display';

const TONES = {
  green: 'border-transparent bg-emerald-100 text-emerald-800',
  red: 'border-transparent bg-red-100 text-red-800',
  yellow: 'border-transparent bg-amber-100 text-amber-800',
} as const;

/** docs/product.md §2: "BUY • Target: $215.00", coloured by the recommendation. */
export function RecommendationBadge({ tip }: { tip: Pick<StockTip, 'recommendation' | 'targetPrice'> }) {
  return (
    <Badge className={cn('text-sm', TONES[recommendationTone(tip.recommendation)])}>
      {tip.recommendation.toUpperCase()}
      {tip.targetPrice && ` • Target: ${formatUsd(tip.targetPrice)}`}
    </Badge>
  );
}
