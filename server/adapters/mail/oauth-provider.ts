import { createHash } from 'node:crypto';
import type { OAuthConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { TransportError } from './transport';

export type OAuthProviderName = 'outlook' | 'gmail';

/** Tokens as stored (sealed) for a connection. */
export type OAuthTokens = { kind: 'oauth'; accessToken: string; refreshToken: string; expiresAt: number };

export type OAuthProvider = {
  name: OAuthProviderName;
  label: string;
  configured: boolean;
  /** The sign-in page to send the browser to, for this state and PKCE verifier. */
  authorizeUrl(state: string, codeVerifier: string, redirectUri: string): string;
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<OAuthTokens>;
  refresh(tokens: OAuthTokens): Promise<OAuthTokens>;
  /** The mailbox address the tokens belong to. */
  mailboxAddress(accessToken: string): Promise<string>;
};

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
};

async function requestTokens(
  clock: Clock,
  tokenUrl: string,
  form: Record<string, string>,
  previousRefreshToken?: string,
): Promise<OAuthTokens> {
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new TransportError('temporary', 'Could not reach the sign-in service. Please try again.');
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || !answer.access_token) {
    // The provider's codes (invalid_grant: the refresh token was revoked or expired) are the operator's detail.
    const detail = `The token endpoint answered ${response.status}: ${answer.error_description || answer.error || 'no reason given'}`;
    const kind = response.status === 429 ? 'rate_limited' : response.status >= 500 ? 'temporary' : 'auth';
    const message =
      kind === 'auth'
        ? 'The sign-in service refused the sign-in of this mailbox: connect it again.'
        : 'The sign-in service is not answering properly. Please try again later.';
    throw new TransportError(kind, message).withOperatorDetail(detail);
  }
  const refreshToken = answer.refresh_token ?? previousRefreshToken;
  if (!refreshToken) {
    throw new TransportError(
      'auth',
      'The sign-in did not allow LocalReach to keep using the mailbox: connect it again and accept every permission asked.',
    ).withOperatorDetail('The token endpoint granted no refresh token (offline access).');
  }
  return {
    kind: 'oauth',
    accessToken: answer.access_token,
    refreshToken,
    expiresAt: clock.now().getTime() + (answer.expires_in ?? 3600) * 1000,
  };
}

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) {
    throw new TransportError('auth', 'Could not read which mailbox this is: connect it again.').withOperatorDetail(
      `${url} answered ${response.status}`,
    );
  }
  return (await response.json()) as T;
}

type CodeFlowSettings = {
  name: OAuthProviderName;
  label: string;
  clientId?: string;
  clientSecret?: string;
  authorizeEndpoint: string;
  tokenEndpoint: string;
  scope: string;
  /** Provider-specific authorize parameters (prompt, offline access…). */
  authorizeParams: Record<string, string>;
  mailboxAddress(accessToken: string): Promise<string>;
};

/** The authorization-code flow with PKCE as both providers document it; they differ only in settings. */
function codeFlowProvider(settings: CodeFlowSettings, clock: Clock): OAuthProvider {
  const client = { client_id: settings.clientId ?? '', client_secret: settings.clientSecret ?? '' };
  return {
    name: settings.name,
    label: settings.label,
    configured: Boolean(settings.clientId && settings.clientSecret),
    authorizeUrl(state, codeVerifier, redirectUri) {
      const params = new URLSearchParams({
        client_id: client.client_id,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: settings.scope,
        state,
        code_challenge: pkceChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...settings.authorizeParams,
      });
      return `${settings.authorizeEndpoint}?${params}`;
    },
    exchangeCode: (code, codeVerifier, redirectUri) =>
      requestTokens(clock, settings.tokenEndpoint, {
        ...client,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
        scope: settings.scope,
      }),
    refresh: (tokens) =>
      requestTokens(
        clock,
        settings.tokenEndpoint,
        { ...client, grant_type: 'refresh_token', refresh_token: tokens.refreshToken, scope: settings.scope },
        tokens.refreshToken,
      ),
    mailboxAddress: settings.mailboxAddress,
  };
}

/** Microsoft identity platform, with Graph's /me for the mailbox address. */
export function microsoftProvider(config: OAuthConfig['microsoft'], clock: Clock): OAuthProvider {
  const base = `${config.loginUrl}/${encodeURIComponent(config.tenant)}/oauth2/v2.0`;
  return codeFlowProvider(
    {
      name: 'outlook',
      label: 'Microsoft',
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizeEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/token`,
      scope: 'offline_access User.Read Mail.Send Mail.ReadWrite',
      authorizeParams: { response_mode: 'query', prompt: 'select_account' },
      async mailboxAddress(accessToken) {
        const me = await getJson<{ mail?: string | null; userPrincipalName?: string }>(
          `${config.graphUrl}/me`,
          accessToken,
        );
        const address = me.mail || me.userPrincipalName;
        if (!address) throw new TransportError('auth', 'Microsoft did not tell which mailbox this is');
        return address.toLowerCase();
      },
    },
    clock,
  );
}

/** Google OAuth 2.0 with offline access, and the Gmail profile for the mailbox address. */
export function googleProvider(config: OAuthConfig['google'], clock: Clock): OAuthProvider {
  return codeFlowProvider(
    {
      name: 'gmail',
      label: 'Google',
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizeEndpoint: config.authUrl,
      tokenEndpoint: config.tokenUrl,
      scope: 'https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.readonly',
      // Without prompt=consent Google grants a refresh token only the first time.
      authorizeParams: { access_type: 'offline', prompt: 'consent' },
      async mailboxAddress(accessToken) {
        const profile = await getJson<{ emailAddress?: string }>(
          `${config.gmailUrl}/gmail/v1/users/me/profile`,
          accessToken,
        );
        if (!profile.emailAddress) throw new TransportError('auth', 'Google did not tell which mailbox this is');
        return profile.emailAddress.toLowerCase();
      },
    },
    clock,
  );
}
