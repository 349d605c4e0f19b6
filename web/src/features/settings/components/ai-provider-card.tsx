import { Sparkles } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { SettingNames } from '@/components/setting-names';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorToastMessage } from '@/lib/api';
import { useAiProvider } from '../api/get-ai-provider';

/** Server setting names are for whoever runs the server: kept under their own heading, apart from the plain words. */
function AdministratorDetails({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <div role="note" aria-labelledby={titleId} className="grid gap-1 rounded-md border bg-muted/40 p-3">
      <p id={titleId} className="font-medium">
        Details for the administrator
      </p>
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}

/** For administrators: which AI writes the drafts of "Generate with AI", and how to change it. */
export function AiProviderCard() {
  const provider = useAiProvider();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          AI provider
        </CardTitle>
        <CardDescription>What writes the drafts of "Generate with AI" for every user of this server.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {provider.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : provider.isError ? (
          <p className="text-destructive">
            {errorToastMessage(provider.error, 'The AI provider could not be read. Try again later.')}
          </p>
        ) : provider.data.source === 'ai' ? (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <Badge>Connected</Badge>
              Drafts are written by <span className="font-medium">{provider.data.model}</span> at{' '}
              <span className="break-all font-medium">{provider.data.baseUrl ?? 'OpenAI'}</span>.
            </p>
            <AdministratorDetails>
              To change it, set <SettingNames names={provider.data.settings} /> in the server's environment and restart
              it.
            </AdministratorDetails>
          </>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">Offline</Badge>
              Drafts are written by the built-in offline writer.
            </p>
            <p className="text-muted-foreground">
              For better drafts, connect the server to an AI provider (any OpenAI-compatible one).
            </p>
            <AdministratorDetails>
              Set <SettingNames names={provider.data.settings} /> in the server's environment and restart it.
            </AdministratorDetails>
          </>
        )}
      </CardContent>
    </Card>
  );
}
