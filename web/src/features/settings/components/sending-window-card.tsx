import { type SendingWindow, WEEKDAY_NAMES } from '@contract/sending-window';
import { Clock } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type SendingWindowErrors, toggleDay } from '../lib/sending-window';

/**
 * When a sequence's later steps may go out: from, until and on which weekdays, in the timezone chosen beside it.
 * Saved with the rest of the Sending tab.
 */
export function SendingWindowCard({
  value,
  errors,
  timezone,
  onChange,
}: {
  value: SendingWindow;
  errors: SendingWindowErrors;
  timezone: string;
  onChange: (window: SendingWindow) => void;
}) {
  const edit = (changes: Partial<SendingWindow>) => onChange({ ...value, ...changes });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-4 text-primary" aria-hidden="true" />
          Sending window
        </CardTitle>
        <CardDescription>
          The follow-up steps of a sequence go out only on these days, between these times, in your timezone:{' '}
          <span className="font-medium text-foreground">{timezone}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="sending-window-start"
            label="From"
            type="time"
            value={value.start}
            error={errors.start}
            onChange={(event) => edit({ start: event.target.value })}
          />
          <FormField
            id="sending-window-end"
            label="Until"
            type="time"
            value={value.end}
            error={errors.end}
            onChange={(event) => edit({ end: event.target.value })}
          />
        </div>
        <fieldset className="grid gap-2" aria-describedby={errors.days ? 'sending-days-note' : undefined}>
          <legend className="mb-2 font-medium text-sm leading-none">Sending days</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAY_NAMES.map((name, index) => {
              const day = index + 1;
              return (
                <Button
                  key={name}
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-pressed={value.days.includes(day)}
                  className="w-12 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:hover:bg-primary/90"
                  onClick={() => edit({ days: toggleDay(value.days, day) })}
                >
                  {name}
                </Button>
              );
            })}
          </div>
          {errors.days && (
            <p id="sending-days-note" className="text-destructive text-sm">
              {errors.days}
            </p>
          )}
        </fieldset>
      </CardContent>
    </Card>
  );
}
