import type { WebhookDelivery, WebhookEndpoint } from '@contract/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { formatDayTime } from '@/lib/format-date';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { webhooksQueryKey } from '../api/get-webhooks';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { deliveryStatusWords, durationInWords } from '../lib/webhook-log';

const STATUS_COLOURS: Record<WebhookDelivery['status'], string> = {
  pending: 'border-transparent bg-muted text-muted-foreground',
  delivered: 'border-transparent bg-green-100 text-green-800',
  retrying: 'border-transparent bg-amber-100 text-amber-800',
  failed: 'border-transparent bg-red-100 text-red-800',
};

function DeliveryItem({ endpoint, delivery }: { endpoint: WebhookEndpoint; delivery: WebhookDelivery }) {
  const resend = useResendWebhookDelivery();
  const isTest = delivery.payload.data.test === true;
  const answer = [
    delivery.statusCode === null ? null : `HTTP ${delivery.statusCode}`,
    durationInWords(delivery.durationMs),
  ].filter(Boolean);

  const onResend = () =>
    resend.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => toast({ title: 'Sent Again', description: `${delivery.type} is on its way again.` }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorToastMessage(error, 'The event could not be sent again'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <li className="grid gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge className={STATUS_COLOURS[delivery.status]}>{deliveryStatusWords(delivery)}</Badge>
        <code className="break-all font-medium">{delivery.type}</code>
        {isTest && <span className="text-muted-foreground text-xs">(test)</span>}
        <span className="ml-auto text-muted-foreground text-xs">{formatDayTime(delivery.createdAt)}</span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words text-muted-foreground text-xs">
          {answer.length > 0 && <span>{answer.join(' · ')}</span>}
          {delivery.error && (
            <span className="text-red-700">
              {answer.length > 0 && ' · '}
              {delivery.error}
            </span>
          )}
          {answer.length === 0 && !delivery.error && 'Not tried yet'}
        </p>
        {delivery.status !== 'pending' && (
          <Button
            variant="outline"
            size="sm"
            onClick={onResend}
            disabled={resend.isPending || endpoint.disabledAt !== null}
            title={endpoint.disabledAt ? 'Turn the endpoint on again before resending to it.' : undefined}
          >
            Resend
          </Button>
        )}
      </div>
      {delivery.responseExcerpt && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">Response</summary>
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono">
            {delivery.responseExcerpt}
          </pre>
        </details>
      )}
    </li>
  );
}

/**
 * An endpoint's last deliveries, newest first, read again by itself while one waits or retries. When a delivery
 * settles the endpoint's state (failing, back to active) is read again too.
 */
export function WebhookDeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const queryClient = useQueryClient();
  const statuses = deliveries.data?.map((delivery) => `${delivery.id}:${delivery.status}`).join() ?? null;
  const seenStatuses = useRef(statuses);
  useEffect(() => {
    if (seenStatuses.current !== null && statuses !== seenStatuses.current) {
      // The endpoint list alone (exact), not every endpoint's log under it.
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey, exact: true });
    }
    seenStatuses.current = statuses;
  }, [statuses, queryClient]);

  return (
    <section aria-label={`Deliveries to ${endpoint.url}`} className="grid gap-1">
      <h4 className="font-medium text-sm">Recent deliveries</h4>
      {deliveries.isPending ? (
        <Skeleton className="h-12" />
      ) : deliveries.isError ? (
        <p role="alert" className="text-red-700 text-sm">
          {errorToastMessage(deliveries.error, 'The deliveries could not be loaded. Please reload the page.')}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Nothing sent yet. Send a test event to see how your endpoint answers.
        </p>
      ) : (
        <ul className="divide-y">
          {deliveries.data.map((delivery) => (
            <DeliveryItem key={delivery.id} endpoint={endpoint} delivery={delivery} />
          ))}
        </ul>
      )}
    </section>
  );
}
