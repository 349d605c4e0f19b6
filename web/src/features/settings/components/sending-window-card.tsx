import type { User } from '@contract/auth';
import { formatSendingWindow, type SendingWindow, WEEKDAY_NAMES } from '@contract/sending-window';
import { Clock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { checkSendingWindow, type SendingWindowErrors, toggleDay } from '../lib/sending-window';

/** When a sequence's later steps may go out: from, until and on which weekdays, in the user's timezone. */
export function SendingWindowCard({ user }: { user: User }) {
  const [draft, setDraft] = useState<SendingWindow>(user.sendingWindow);
  const [errors, setErrors] = useState<SendingWindowErrors>({});
  const update = useUpdateProfile();

  const edit = (changes: Partial<SendingWindow>) => {
    setDraft({ ...draft, ...changes });
    // The end's error depends on the start too: any edit may answer any message.
    setErrors({});
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSendingWindow(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const saved = await update.mutateAsync({ sendingWindow: checked.window });
      setDraft(saved.sendingWindow);
      toast({
        title: 'Sending window saved',
        description: `Follow-up steps now go out ${formatSendingWindow(saved.sendingWindow)} (${saved.timezone}).`,
      });
    } catch (caught) {
      toast({
        title: 'Error',
        description: errorToastMessage(caught, 'Failed to save the sending window'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-4 text-primary" aria-hidden="true" />
          Sending window
        </CardTitle>
        <CardDescription>
          The follow-up steps of a sequence go out only on these days, between these times, in your timezone:{' '}
          <span className="font-medium text-foreground">{user.timezone}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="sending-window-start"
              label="From"
              type="time"
              value={draft.start}
              error={errors.start}
              onChange={(event) => edit({ start: event.target.value })}
            />
            <FormField
              id="sending-window-end"
              label="Until"
              type="time"
              value={draft.end}
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
                    aria-pressed={draft.days.includes(day)}
                    className="w-12 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:hover:bg-primary/90"
                    onClick={() => edit({ days: toggleDay(draft.days, day) })}
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
          <Button type="submit" disabled={update.isPending} className="justify-self-start">
            {update.isPending ? 'Saving...' : 'Save Sending Window'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
