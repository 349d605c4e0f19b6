import { Globe } from 'lucide-react';
import { useMemo } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { timezoneOptions } from '../lib/timezone-options';

/**
 * Beyond the product rules: the zone whose midnight resets the daily sending limits and whose clock the sending
 * window follows. Saved with the rest of the Sending tab.
 */
export function TimezoneCard({ timezone, onChange }: { timezone: string; onChange: (timezone: string) => void }) {
  const options = useMemo(() => timezoneOptions(timezone, Intl.supportedValuesOf('timeZone'), new Date()), [timezone]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-4 text-primary" aria-hidden="true" />
          Timezone
        </CardTitle>
        <CardDescription>
          Each mailbox's daily sending limit resets at midnight in this timezone, and the sending window's times are
          read in it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor="timezone">Timezone</Label>
        <OptionSelect id="timezone" value={timezone} options={options} onValueChange={onChange} />
      </CardContent>
    </Card>
  );
}
