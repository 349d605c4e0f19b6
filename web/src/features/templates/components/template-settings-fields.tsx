import type { TemplateStatus } from '@contract/templates';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { WEEK_NUMBERS } from '../lib/template-form';
import { templateStatuses, templateStatusLabels } from '../lib/template-status';

// A Select item cannot have an empty value, so "no week" has its own.
const NO_WEEK = 'none';

/** Week number, status and the stock tip switch. */
export function TemplateSettingsFields({
  weekNumber,
  status,
  includeStockTip,
  onWeekNumber,
  onStatus,
  onIncludeStockTip,
}: {
  weekNumber: number | null;
  status: TemplateStatus;
  includeStockTip: boolean;
  onWeekNumber: (weekNumber: number | null) => void;
  onStatus: (status: TemplateStatus) => void;
  onIncludeStockTip: (include: boolean) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-2">
        <Label htmlFor="template-week">Week Number</Label>
        <Select
          value={weekNumber === null ? NO_WEEK : String(weekNumber)}
          onValueChange={(value) => onWeekNumber(value === NO_WEEK ? null : Number(value))}
        >
          <SelectTrigger id="template-week">
            <SelectValue />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            <SelectItem value={NO_WEEK}>No week</SelectItem>
            {WEEK_NUMBERS.map((week) => (
              <SelectItem key={week} value={String(week)}>
                Week {week}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-muted-foreground text-xs">The campaign week this email is meant for.</p>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="template-status">Status</Label>
        <Select value={status} onValueChange={(value) => onStatus(value as TemplateStatus)}>
          <SelectTrigger id="template-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {templateStatuses.map((option) => (
              <SelectItem key={option} value={option}>
                {templateStatusLabels[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-muted-foreground text-xs">Only Active templates are used in campaigns.</p>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5 sm:col-span-2">
        <div className="grid gap-0.5">
          <Label htmlFor="template-stock-tip">Include stock tip</Label>
          <p className="text-muted-foreground text-xs">Adds the stock tip of the day at the end of each email.</p>
        </div>
        <Switch id="template-stock-tip" checked={includeStockTip} onCheckedChange={onIncludeStockTip} />
      </div>
    </div>
  );
}
