import { Mail } from 'lucide-react';
import { SettingNames } from '@/components/setting-names';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useProvidersStatus } from '../api/get-providers-status';
import { useStartOAuthConnect } from '../api/start-oauth-connect';
import { type OAuthProvider, oauthProviders } from '../lib/oauth-providers';

const providerTones: Record<OAuthProvider, string> = {
  outlook: 'bg-sky-50 text-sky-700',
  gmail: 'bg-red-50 text-red-700',
};

const providerTitles: Record<OAuthProvider, string> = {
  outlook: 'Outlook / Microsoft 365',
  gmail: 'Google Workspace / Gmail',
};

/**
 * What an administrator must set before this provider's button can work; only admins see it, as only they can act
 * on it. The redirect URI is the server's (built from PUBLIC_URL): the address this page was opened at may differ.
 */
function NotConfiguredNote({ provider, redirectUri }: { provider: OAuthProvider; redirectUri: string | undefined }) {
  const info = oauthProviders[provider];
  return (
    <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm">
      <p className="font-medium text-amber-900">Not configured on this server</p>
      <p className="text-muted-foreground">
        Details for the administrator: set <SettingNames names={info.envVars} /> in the server's environment and restart
        it. Register this redirect URI in your {info.consoleName}:
      </p>
      {redirectUri && (
        <code className="select-all break-all rounded-md border bg-card px-2 py-1.5 font-mono text-xs">
          {redirectUri}
        </code>
      )}
    </div>
  );
}

function ProviderPanel({
  provider,
  configured,
  redirectUri,
  isAdmin,
}: {
  provider: OAuthProvider;
  configured: boolean | undefined;
  redirectUri: string | undefined;
  isAdmin: boolean;
}) {
  const start = useStartOAuthConnect();
  // After a successful start the browser is leaving for the provider; the button stays busy until it has.
  const redirecting = start.isPending || (start.isSuccess && start.data !== null);

  const connect = async () => {
    try {
      const authUrl = await start.mutateAsync(provider);
      if (!authUrl) throw new Error('No authUrl in the answer');
      window.location.assign(authUrl);
    } catch (error) {
      // The server's words: what to configure reaches admins only ("Details for the administrator: …").
      toast({
        title: 'Connection Failed',
        description: errorToastMessage(error, 'Failed to start OAuth flow'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-label={providerTitles[provider]} className="flex flex-col gap-3 rounded-xl border p-4">
      <div className="flex items-center gap-3">
        <div className={cn('flex size-9 items-center justify-center rounded-lg', providerTones[provider])}>
          <Mail className="size-5" aria-hidden="true" />
        </div>
        <p className="font-medium text-sm">{providerTitles[provider]}</p>
      </div>
      {configured === undefined ? (
        <Skeleton className="h-9 w-full" />
      ) : (
        // Greyed out while the server has no credentials for it, so the choice is still seen.
        <Button onClick={connect} disabled={!configured || redirecting}>
          {redirecting && <Spinner className="size-4" />}
          {redirecting ? 'Redirecting...' : oauthProviders[provider].buttonLabel}
        </Button>
      )}
      {configured === false &&
        (isAdmin ? (
          <NotConfiguredNote provider={provider} redirectUri={redirectUri} />
        ) : (
          <p className="text-muted-foreground text-sm">
            Your administrator has not enabled sign-in with {oauthProviders[provider].signInAt}.
          </p>
        ))}
    </section>
  );
}

/**
 * docs/product.md §2 "Direct Connection": sign in at the provider and come back with the mailbox connected. `isAdmin`: the
 * signed-in user may configure the server, so a provider without credentials says what to set.
 */
export function OAuthConnectTab({ isAdmin }: { isAdmin: boolean }) {
  const providers = useProvidersStatus();
  // If the status cannot be read, offer the buttons: the server explains when a provider is not configured.
  const configured = (provider: OAuthProvider) => (providers.isError ? true : providers.data?.[provider].configured);
  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <ProviderPanel
          provider="outlook"
          configured={configured('outlook')}
          redirectUri={providers.data?.outlook.redirectUri}
          isAdmin={isAdmin}
        />
        <ProviderPanel
          provider="gmail"
          configured={configured('gmail')}
          redirectUri={providers.data?.gmail.redirectUri}
          isAdmin={isAdmin}
        />
      </div>
      <div className="rounded-xl bg-muted/60 p-4">
        <h3 className="font-medium text-sm">How it works</h3>
        <ol className="mt-2 grid list-inside list-decimal gap-1.5 text-muted-foreground text-sm marker:font-medium marker:text-foreground">
          <li>Click Connect with Outlook or Connect with Google.</li>
          <li>Sign in at Microsoft or Google with the mailbox you want to send from.</li>
          <li>Grant LocalReach permission to send and read mail, so campaigns and replies go through your mailbox.</li>
          <li>You come back here and the account is listed under Connected Mailbox Provider Accounts.</li>
        </ol>
      </div>
    </div>
  );
}
