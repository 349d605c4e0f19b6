import type { ApiKey, CreatedApiKey } from '@contract/api-keys';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmAction } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { formatDay, formatDayTime } from '@/lib/format-date';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { scopesInWords } from '../lib/api-key-scopes';
import { NewApiKeyForm } from './new-api-key-form';

/** The key just made, shown this once with a way to copy it. */
function NewKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900 text-sm">
      <p className="font-medium">Your new key “{created.name}”. Copy it now: it is not shown again.</p>
      <CopyField
        label="New API key"
        value={created.key}
        copied={{ title: 'Key Copied', description: `${created.name} is on your clipboard.` }}
      />
      <Button type="button" size="sm" variant="ghost" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const onRevoke = async () => {
    const confirmed = await confirmAction({
      title: `Revoke “${apiKey.name}”?`,
      description: 'Programs using this key stop working at once. This cannot be undone.',
      confirmLabel: 'Revoke Key',
      destructive: true,
    });
    if (!confirmed) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast({ title: 'Key Revoked', description: `${apiKey.name} no longer works.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorToastMessage(error, 'Failed to revoke the key'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <li aria-label={apiKey.name} className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {apiKey.name} <code className="ml-1 text-muted-foreground text-xs">{apiKey.prefix}…</code>
        </p>
        <p className="text-muted-foreground text-sm">{scopesInWords(apiKey.scopes)}</p>
        <p className="text-muted-foreground text-xs">
          Created {formatDay(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `Last used ${formatDayTime(apiKey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRevoke} disabled={revoke.isPending}>
        Revoke
      </Button>
    </li>
  );
}

/** Settings → API: keys for the user's own programs (a CRM, Zapier), made, listed with their last use, revoked. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          API keys
        </CardTitle>
        <CardDescription>
          Let your own tools read and change your LocalReach data. A key acts as you, within what you allow it; send it
          as <code>Authorization: Bearer</code>. The{' '}
          <a href="/api/docs/" target="_blank" rel="noreferrer" className="font-medium text-primary hover:underline">
            API reference
          </a>{' '}
          lists every call.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created && <NewKeySecret created={created} onDone={() => setCreated(null)} />}
        {keys.isPending ? (
          <Skeleton className="h-16" />
        ) : keys.isError ? (
          <p role="alert" className="text-red-700 text-sm">
            {errorToastMessage(keys.error, 'Your keys could not be loaded. Please reload the page.')}
          </p>
        ) : keys.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No keys yet. Make one below for each tool that needs access.</p>
        ) : (
          <ul aria-label="Your API keys" className="divide-y">
            {keys.data.map((apiKey) => (
              <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
        <NewApiKeyForm onCreated={setCreated} />
      </CardContent>
    </Card>
  );
}
