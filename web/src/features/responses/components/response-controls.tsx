import type { ResponseDetails, ResponsePriority } from '@contract/responses';
import { useId } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { formatDay } from '@/lib/format-date';
import { useUpdateResponse } from '../api/update-response';
import { priorityOptions } from '../lib/response-display';

/** The reply's priority, set by hand, and whether a meeting was booked with the prospect. */
export function ResponseControls({ response }: { response: ResponseDetails }) {
  const id = useId();
  const update = useUpdateResponse();
  // While a change is saved (and the reply read again) the controls show the value chosen, not the old one.
  const pending = update.isPending ? update.variables.changes : {};
  const priority = pending.priority ?? response.priority;
  const meetingBooked = pending.meetingBooked ?? response.meetingBookedAt !== null;

  const change = async (changes: { priority?: ResponsePriority; meetingBooked?: boolean }) => {
    try {
      await update.mutateAsync({ id: response.id, changes });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to update the reply'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-priority`}>Priority</Label>
        <OptionSelect
          id={`${id}-priority`}
          value={priority}
          options={priorityOptions}
          onValueChange={(value) => void change({ priority: value as ResponsePriority })}
          disabled={update.isPending}
          className="h-8 w-32"
        />
      </div>
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-meeting`}
          checked={meetingBooked}
          onCheckedChange={(checked) => void change({ meetingBooked: checked })}
          disabled={update.isPending}
        />
        <Label htmlFor={`${id}-meeting`}>Meeting booked</Label>
        {response.meetingBookedAt && meetingBooked && (
          <span className="text-muted-foreground text-xs">on {formatDay(response.meetingBookedAt)}</span>
        )}
      </div>
    </div>
  );
}
