import { WEBHOOK_EVENT_TYPES } from '@contract/webhook-events';
import type { WebhookEndpoint } from '@contract/webhooks';
import { Button } from '@/components/ui/button';
import { confirmAction } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { formatDayTime } from '@/lib/format-date';
import { useRemoveWebhook } from '../api/remove-webhook';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { eventsInBrief } from '../lib/webhook-log';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookSecret } from './webhook-secret';

const failed = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: errorToastMessage(error, fallback), variant: 'destructive' });

/** Active, failing since when, or turned off with why and a way to turn it on again. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhook();
  if (endpoint.disabledAt) {
    const turnOn = () =>
      update.mutate(
        { id: endpoint.id, enabled: true },
        {
          onSuccess: () => toast({ title: 'Endpoint On', description: `Events go to ${endpoint.url} again.` }),
          onError: failed('The endpoint could not be turned on'),
        },
      );
    return (
      <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 text-sm">
        <p>
          <span className="font-medium">Turned off:</span> {endpoint.disabledReason ?? 'No events are sent to it.'}
        </p>
        <Button size="sm" variant="outline" className="justify-self-start" onClick={turnOn} disabled={update.isPending}>
          Turn on again
        </Button>
      </div>
    );
  }
  if (endpoint.failingSince) {
    return (
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm">
        <span className="font-medium">Failing since {formatDayTime(endpoint.failingSince)}.</span> Each event is tried
        again for 24 hours; after 3 days of failures LocalReach turns the endpoint off and emails you.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-green-800 text-sm">
      <span className="size-2 rounded-full bg-green-600" aria-hidden="true" />
      Active
    </p>
  );
}

/** One endpoint: where it points, what it hears of, its state and secret, its actions and its delivery log. */
export function WebhookEndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const sendTest = useSendTestWebhook();
  const remove = useRemoveWebhook();

  const onSendTest = () =>
    sendTest.mutate(
      { id: endpoint.id },
      {
        onSuccess: (delivery) =>
          toast({ title: 'Test Event Sent', description: `A sample ${delivery.type} is on its way.` }),
        onError: failed('The test event could not be sent'),
      },
    );

  const onRemove = async () => {
    const confirmed = await confirmAction({
      title: 'Remove this endpoint?',
      description: `Nothing more is sent to ${endpoint.url}, and its delivery log is deleted.`,
      confirmLabel: 'Remove Endpoint',
      destructive: true,
    });
    if (!confirmed) return;
    // Awaited rather than mutate's callbacks: those are dropped once the removed endpoint's item has gone.
    try {
      await remove.mutateAsync(endpoint.id);
      toast({ title: 'Endpoint Removed', description: `${endpoint.url} gets no more events.` });
    } catch (error) {
      failed('The endpoint could not be removed')(error);
    }
  };

  const allEvents = endpoint.events.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <li aria-label={endpoint.url} className="grid gap-3 py-4">
      <div className="grid gap-1">
        <p className="break-all font-medium font-mono text-sm">{endpoint.url}</p>
        <p
          className="break-words text-muted-foreground text-xs"
          title={allEvents ? undefined : endpoint.events.join(', ')}
        >
          Events: {eventsInBrief(endpoint.events)}
        </p>
      </div>
      <EndpointState endpoint={endpoint} />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Signing secret</summary>
        <div className="mt-2">
          <WebhookSecret secret={endpoint.secret} />
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={onSendTest}
          disabled={sendTest.isPending || endpoint.disabledAt !== null}
          title={endpoint.disabledAt ? 'Turn the endpoint on again to send to it.' : undefined}
        >
          Send test event
        </Button>
        <Button size="sm" variant="outline" onClick={onRemove} disabled={remove.isPending}>
          Remove
        </Button>
      </div>
      <WebhookDeliveryLog endpoint={endpoint} />
    </li>
  );
}
