import { formatChangePercent, formatUsd, isPriceUp, type StockTip } from '@contract/stock-tips';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { formatMarketCap, formatPeRatio, formatVolume } from '../lib/stock-tip-display';
import { RecommendationBadge } from './recommendation-badge';

/** docs/product.md §2: the tip's figures, recommendation, analysis and the local Auto-include switch. */
export function StockTipDetails({ tip }: { tip: StockTip }) {
  // docs/product.md §2: on by default and purely local; no call is made.
  const [autoInclude, setAutoInclude] = useState(true);
  const up = isPriceUp(tip);
  const figures = [
    { label: 'Volume', value: formatVolume(tip.volume) },
    { label: 'Market Cap', value: formatMarketCap(tip.marketCap) },
    { label: 'P/E Ratio', value: formatPeRatio(tip.peRatio) },
  ];
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-bold text-2xl">{tip.symbol}</h2>
            {tip.sample && (
              <Badge variant="outline" title="From the bundled sample of historical quotes, not live market data">
                Sample data
              </Badge>
            )}
          </div>
          <p className="text-muted-foreground">{tip.name}</p>
          {tip.sample && tip.quoteDate && (
            <p className="text-muted-foreground text-xs">Historical close of {tip.quoteDate}</p>
          )}
        </div>
        <div className="text-right">
          <p className="font-bold text-2xl">{formatUsd(tip.currentPrice)}</p>
          <p
            data-trend={up ? 'up' : 'down'}
            className={cn('font-medium text-sm', up ? 'text-emerald-600' : 'text-red-600')}
          >
            {formatChangePercent(tip)}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-4 rounded-lg border p-4 text-sm">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-muted-foreground">{figure.label}</dt>
            <dd className="font-medium">{figure.value}</dd>
          </div>
        ))}
      </dl>

      <RecommendationBadge tip={tip} />

      <div>
        <h3 className="mb-1 font-semibold">AI Analysis</h3>
        <p className="text-muted-foreground text-sm leading-relaxed">{tip.aiAnalysis}</p>
      </div>

      <div className="flex items-center justify-between gap-4 rounded-lg bg-accent/50 px-4 py-3">
        <div>
          <p className="font-medium text-sm">Auto-added to all emails</p>
          <p className="text-muted-foreground text-xs">In the footer of templates that include the stock tip.</p>
        </div>
        <div className="flex items-center gap-2">
          <Switch id="auto-include" checked={autoInclude} onCheckedChange={setAutoInclude} />
          <Label htmlFor="auto-include">Auto-include</Label>
        </div>
      </div>
    </div>
  );
}
