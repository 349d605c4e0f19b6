import { refreshedTipMessage, STOCK_TIP_DISCLAIMER } from '@contract/stock-tips';
import { RefreshCw, TrendingUp } from 'lucide-react';
import { useCurrentStockTip } from '@/api/get-current-stock-tip';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useRefreshStockTip } from '../api/refresh-stock-tip';
import { StockTipDetails } from './stock-tip-details';

/** docs/product.md §2 Stock Tips (/stock-tips): the tip of the day, its refresh, what tips are, and the disclaimer. */
export function StockTipsScreen() {
  const { data: tip, isPending } = useCurrentStockTip();
  const refresh = useRefreshStockTip();

  const onRefresh = async () => {
    try {
      const tip = await refresh.mutateAsync();
      toast({ title: 'Stock Tip Refreshed', description: refreshedTipMessage(tip) });
    } catch (error) {
      toast({
        title: 'Refresh Failed',
        description: errorToastMessage(error, 'Failed to refresh stock tip'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <PageHeader
        title="Stock Tips"
        description="A daily AI-generated stock tip that can appear at the foot of your emails."
        actions={
          <Button onClick={() => void onRefresh()} disabled={refresh.isPending}>
            <RefreshCw className={cn(refresh.isPending && 'animate-spin')} aria-hidden="true" />
            {refresh.isPending ? 'Refreshing...' : 'Refresh'}
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <TrendingUp className="size-5 text-primary" aria-hidden="true" />
              Stock Tip of the Day
            </CardTitle>
          </CardHeader>
          <CardContent>
            {isPending ? (
              <Skeleton className="h-64 w-full" />
            ) : tip ? (
              <StockTipDetails tip={tip} />
            ) : (
              <EmptyState
                icon={TrendingUp}
                title="No stock tip available"
                description="Click refresh to generate a new stock tip"
                className="py-10"
              />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>About Stock Tips</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-muted-foreground text-sm leading-relaxed">
            <p>
              Each day LocalReach picks a well-known stock, suited to your industry where it can, and writes a short
              analysis of its latest figures: the day's move, its valuation and the distance to the analysts' target.
            </p>
            <p>
              Templates with the stock tip turned on carry it at the foot of every email: the symbol, the price, the
              recommendation and the first 100 characters of the analysis, with the disclaimer below.
            </p>
            <p>
              Without a market-data key, tips come from a bundled sample of real historical quotes and are marked
              "Sample data".
            </p>
            <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
              {STOCK_TIP_DISCLAIMER}
            </p>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
