import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { type AdminTotals, formatRate } from '../lib/admin-totals';

function RateRow({ label, hint, rate }: { label: string; hint: string; rate: number | undefined }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <div>
          <p className="font-medium text-sm">{label}</p>
          <p className="text-muted-foreground text-xs">{hint}</p>
        </div>
        <p className="font-semibold text-sm tabular-nums">{rate === undefined ? '…' : formatRate(rate)}</p>
      </div>
      <Progress value={Math.min(rate ?? 0, 100)} aria-label={label} />
    </div>
  );
}

/** docs/product.md §2: three progress rows over every user's mail: open performance, click-through rate, response rate. */
export function StrategyAnalysisCard({ totals }: { totals: AdminTotals | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Marketing Strategy Analysis</CardTitle>
        <CardDescription>
          How the mail sent by every user performs, opened, clicked and answered by people.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <RateRow label="Open Performance" hint="Emails sent that were opened" rate={totals?.openRate} />
        <RateRow label="Click-Through Rate" hint="Emails sent with a link clicked" rate={totals?.clickRate} />
        <RateRow label="Response Rate" hint="Emails sent that got a reply" rate={totals?.responseRate} />
      </CardContent>
    </Card>
  );
}
