import type { WebhookEndpoint } from '@contract/webhooks';
import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorToastMessage } from '@/lib/api';
import { useWebhooks } from '../api/get-webhooks';
import { NewWebhookForm } from './new-webhook-form';
import { WebhookEndpointItem } from './webhook-endpoint-item';
import { WebhookSecret } from './webhook-secret';

/** The endpoint just saved, with its signing secret to copy into the receiver. */
function SavedEndpoint({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900 text-sm">
      <p className="break-all font-medium">Endpoint saved: {endpoint.url}</p>
      <p>Copy its signing secret into the receiving tool. It stays under “Signing secret” below.</p>
      <WebhookSecret secret={endpoint.secret} label="New endpoint's signing secret" />
      <Button type="button" size="sm" variant="ghost" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/**
 * Settings → Webhooks: endpoints that LocalReach posts signed events to as they happen, each with its state, a test
 * event and its delivery log.
 */
export function WebhooksCard() {
  const endpoints = useWebhooks();
  const [saved, setSaved] = useState<WebhookEndpoint | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Webhook className="size-4 text-primary" aria-hidden="true" />
          Webhooks
        </CardTitle>
        <CardDescription>
          LocalReach posts each event you choose to your endpoint as it happens, as JSON, signed. Zapier, Make and n8n
          can also subscribe by themselves with an API key that may read and write everything.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {saved && <SavedEndpoint endpoint={saved} onDone={() => setSaved(null)} />}
        {endpoints.isPending ? (
          <Skeleton className="h-24" />
        ) : endpoints.isError ? (
          <p role="alert" className="text-red-700 text-sm">
            {errorToastMessage(endpoints.error, 'Your webhook endpoints could not be loaded. Please reload the page.')}
          </p>
        ) : endpoints.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No webhook endpoints yet. Add one to send new leads, replies, booked meetings and more to your CRM, or to
            Zapier, Make or n8n, the moment they happen.
          </p>
        ) : (
          <ul aria-label="Your webhook endpoints" className="divide-y">
            {endpoints.data.map((endpoint) => (
              <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
        <NewWebhookForm onCreated={setSaved} />
      </CardContent>
    </Card>
  );
}
