import { MEETING_PROVIDER_NAMES, type MeetingReceiver } from '@contract/meeting-receivers';
import { CalendarCheck } from 'lucide-react';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmAction } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { formatDay } from '@/lib/format-date';
import { useMeetingReceivers } from '../api/get-meeting-receivers';
import { useRemoveMeetingReceiver } from '../api/remove-meeting-receiver';
import { NewMeetingReceiverForm } from './new-meeting-receiver-form';

/** Where the URL and secret go in each tool. */
function WhereToPaste({ receiver }: { receiver: MeetingReceiver }) {
  if (receiver.provider === 'calcom') {
    return (
      <p className="text-muted-foreground text-xs">
        In Cal.com, open Settings → Developer → Webhooks and add a webhook: paste the URL as its Subscriber URL and the
        secret as its Secret, and choose Booking Created, Booking Rescheduled and Booking Cancelled.
      </p>
    );
  }
  return (
    <p className="text-muted-foreground text-xs">
      Calendly takes webhooks through its API (on a paid plan): create a webhook subscription with this URL as{' '}
      <code>url</code>, this secret as <code>signing_key</code>, and the events <code>invitee.created</code> and{' '}
      <code>invitee.canceled</code>.
    </p>
  );
}

function MeetingReceiverItem({ receiver }: { receiver: MeetingReceiver }) {
  const remove = useRemoveMeetingReceiver();
  const name = MEETING_PROVIDER_NAMES[receiver.provider];
  const onRemove = async () => {
    const confirmed = await confirmAction({
      title: `Remove this ${name} receiver?`,
      description: `Bookings ${name} sends to its URL are no longer recorded. Meetings already recorded stay.`,
      confirmLabel: 'Remove Receiver',
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(receiver.id, {
      onSuccess: () => toast({ title: 'Receiver Removed', description: `The ${name} receiver no longer records.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorToastMessage(error, 'Failed to remove the receiver'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <li aria-label={`${name} receiver`} className="grid gap-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{name}</p>
          <p className="text-muted-foreground text-xs">Added {formatDay(receiver.createdAt)}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRemove} disabled={remove.isPending}>
          Remove
        </Button>
      </div>
      <CopyField
        showLabel
        label="Receiver URL"
        value={receiver.url}
        copied={{ title: 'Receiver URL Copied', description: 'It is on your clipboard.' }}
      />
      <CopyField
        showLabel
        label="Secret"
        value={receiver.secret}
        copied={{ title: 'Secret Copied', description: 'It is on your clipboard.' }}
      />
      <WhereToPaste receiver={receiver} />
    </li>
  );
}

/**
 * Settings → Meetings: receivers for Cal.com and Calendly bookings. A booking by one of the user's leads is recorded
 * with its time, ends the lead's sequence, counts as a meeting booked and goes to the user's webhooks.
 */
export function MeetingReceiversCard() {
  const receivers = useMeetingReceivers();
  const onCreated = (receiver: MeetingReceiver) =>
    toast({
      title: 'Receiver Added',
      description: `Paste its URL and secret into ${MEETING_PROVIDER_NAMES[receiver.provider]}.`,
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarCheck className="size-4 text-primary" aria-hidden="true" />
          Meetings from Cal.com and Calendly
        </CardTitle>
        <CardDescription>
          When a lead books a meeting in Cal.com or Calendly, LocalReach records it with its time, stops the lead’s
          sequence and counts it in your meetings booked; a cancelled meeting stops counting. Add a receiver for your
          scheduling tool, then paste its URL and secret there.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {receivers.isPending ? (
          <Skeleton className="h-16" />
        ) : receivers.isError ? (
          <p role="alert" className="text-red-700 text-sm">
            {errorToastMessage(receivers.error, 'Your receivers could not be loaded. Please reload the page.')}
          </p>
        ) : receivers.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No receivers yet. Add one below for your scheduling tool.</p>
        ) : (
          <ul aria-label="Your meeting receivers" className="divide-y">
            {receivers.data.map((receiver) => (
              <MeetingReceiverItem key={receiver.id} receiver={receiver} />
            ))}
          </ul>
        )}
        <NewMeetingReceiverForm onCreated={onCreated} />
      </CardContent>
    </Card>
  );
}
