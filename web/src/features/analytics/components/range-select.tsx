import {
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  type AnalyticsRange,
  analyticsRangeSchema,
} from '@contract/analytics';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** docs/product.md §2: the time-range select of the analytics screen. */
export function RangeSelect({ value, onChange }: { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  return (
    <Select value={value} onValueChange={(next) => onChange(analyticsRangeSchema.parse(next))}>
      <SelectTrigger className="w-40" aria-label="Time range">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ANALYTICS_RANGES.map((range) => (
          <SelectItem key={range} value={range}>
            {ANALYTICS_RANGE_LABELS[range]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
