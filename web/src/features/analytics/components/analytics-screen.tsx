import { type AnalyticsRange, DEFAULT_ANALYTICS_RANGE } from '@contract/analytics';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { BestTimesCard } from './best-times-card';
import { CampaignResultsCard } from './campaign-results-card';
import { DailyActivityCard } from './daily-activity-card';
import { RangeSelect } from './range-select';
import { RateCards } from './rate-cards';
import { TemplatePerformanceCard } from './template-performance-card';

/** docs/product.md §2 Analytics: every part reads its own call for the chosen range, so none waits for another. */
export function AnalyticsScreen() {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  return (
    <div>
      <PageHeader
        title="Analytics Dashboard"
        description="See how your emails are delivered, opened, clicked and answered."
        actions={<RangeSelect value={range} onChange={setRange} />}
      />
      {/* One column whose width is the page's, never its widest content's (a chart, a table). */}
      <div className="grid grid-cols-1 gap-6">
        <RateCards range={range} />
        <DailyActivityCard range={range} />
        <BestTimesCard range={range} />
        <CampaignResultsCard range={range} />
        <TemplatePerformanceCard range={range} />
      </div>
    </div>
  );
}
