import { Target } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The way back to the strategy, which its screen promises: "You can always update your strategy later in Settings". */
export function MarketingStrategyCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Target className="size-4 text-primary" aria-hidden="true" />
          Marketing Strategy
        </CardTitle>
        <CardDescription>
          Your emails per week, tone and notes: AI drafts and suggested replies follow them, and new sequences start
          from them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" asChild>
          <Link href="/strategy-onboarding">Review Strategy</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
