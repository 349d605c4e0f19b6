import { stockTipFooterLines } from '@contract/stock-tips';
import { Link } from 'wouter';
import { useCurrentStockTip } from '@/api/get-current-stock-tip';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** docs/product.md §2: the stock tip footer as mails of templates including it carry it (analysis cut at 100 characters). */
export function StockTipFooterPreview() {
  const { data: tip, isPending } = useCurrentStockTip();
  const footer = tip ? stockTipFooterLines(tip) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Stock Tip Footer Preview
          {tip?.sample && <Badge variant="outline">Sample data</Badge>}
        </CardTitle>
        <CardDescription>Added to emails whose template includes the stock tip.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : footer ? (
          <figure aria-label="Stock tip footer" className="grid gap-1 rounded-lg border bg-muted/40 p-4 text-sm">
            <p className="font-medium">{footer.headline}</p>
            <p>{footer.analysis}</p>
            <p className="text-muted-foreground text-xs italic">{footer.disclaimer}</p>
          </figure>
        ) : (
          <p className="text-muted-foreground text-sm">
            No stock tip yet: emails go without the footer until one is generated on the{' '}
            <Link href="/stock-tips" className="font-medium text-primary underline-offset-4 hover:underline">
              Stock Tips
            </Link>{' '}
            page.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
