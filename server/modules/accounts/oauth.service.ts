import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { ProvidersStatus } from '../../../contract/accounts';
import type { OAuthProvider, OAuthProviderName } from '../../adapters/mail/oauth-provider';
import { TransportError } from '../../adapters/mail/transport';
import type { Database } from '../../db/client';
import { oauthStates, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { ADMIN_DETAIL_LABEL, messageForReader } from '../../lib/operator-detail';
import type { SessionsService } from '../auth/sessions.service';
import type { AccountsService } from './accounts.service';

const STATE_TTL_MS = 10 * 60 * 1000;
const SETUP_HINT: Record<OAuthProviderName, string> = {
  outlook: 'Set MS_CLIENT_ID and MS_CLIENT_SECRET (and MS_TENANT for a single organisation)',
  gmail: 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
};

/** A sign-in the provider ended with an error other than the person's refusal. */
const SIGN_IN_NOT_COMPLETED = 'The sign-in did not complete, so the mailbox was not connected. Please try again.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export type OAuthService = ReturnType<typeof createOAuthService>;

/**
 * Connecting a mailbox by signing in with Microsoft or Google: the authorization-code flow with PKCE, a one-use
 * state bound to the session that started it, and the account created from the mailbox the tokens belong to.
 */
export function createOAuthService(deps: {
  db: Database;
  publicUrl: string;
  providers: Record<OAuthProviderName, OAuthProvider>;
  sessions: SessionsService;
  accounts: AccountsService;
  clock: Clock;
}) {
  const { db, providers, clock } = deps;
  const redirectUri = (provider: OAuthProviderName) => `${deps.publicUrl}/api/${provider}/callback`;

  return {
    status(): ProvidersStatus {
      return {
        outlook: { configured: providers.outlook.configured, redirectUri: redirectUri('outlook') },
        gmail: { configured: providers.gmail.configured, redirectUri: redirectUri('gmail') },
      };
    },

    async start(user: UserRow, sessionToken: string, name: OAuthProviderName): Promise<{ authUrl: string }> {
      const provider = providers[name];
      if (!provider.configured) {
        // The environment variables are the operator's business: only an admin is told them, after the plain words.
        const message = user.isAdmin
          ? `Sign-in with ${provider.label} is not set up on this server. ${ADMIN_DETAIL_LABEL} ${SETUP_HINT[name]} and register ${redirectUri(name)} as a redirect URI.`
          : `Your administrator has not enabled sign-in with ${provider.label}.`;
        throw AppError.badRequest(message, 'oauth_not_configured');
      }
      const state = randomBytes(32).toString('base64url');
      const codeVerifier = randomBytes(48).toString('base64url');
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, clock.now()));
      await db.insert(oauthStates).values({
        stateHash: sha256(state),
        userId: user.id,
        sessionHash: deps.sessions.fingerprint(sessionToken),
        provider: name,
        codeVerifier,
        expiresAt: new Date(clock.now().getTime() + STATE_TTL_MS),
      });
      return { authUrl: provider.authorizeUrl(state, codeVerifier, redirectUri(name)) };
    },

    /** Handles the provider's redirect back; answers the address to send the browser to. */
    async finish(
      user: UserRow | null,
      sessionToken: string | undefined,
      name: OAuthProviderName,
      query: { code?: string; state?: string; error?: string; error_description?: string },
    ): Promise<string> {
      const back = (error?: string) =>
        error ? `/accounts?error=${encodeURIComponent(error)}` : '/accounts?connected=true';
      // The state is used once, whatever happens next.
      const [pending] = query.state
        ? await db
            .delete(oauthStates)
            .where(eq(oauthStates.stateHash, sha256(query.state)))
            .returning()
        : [];
      const valid =
        pending &&
        user &&
        sessionToken &&
        pending.provider === name &&
        pending.userId === user.id &&
        pending.sessionHash === deps.sessions.fingerprint(sessionToken) &&
        pending.expiresAt > clock.now();
      // Without a valid state the request may come from anyone's link: show none of its text.
      if (!valid) return back('The sign-in could not be verified (it expired or was tampered with). Please try again.');
      if (query.error) {
        const denied = query.error === 'access_denied' || query.error === 'consent_required';
        if (denied) return back('Permission was not granted, so the mailbox was not connected.');
        // The provider's reason is for the operator (codes such as AADSTS50011 or invalid_request).
        const reason = `${query.error}${query.error_description ? `: ${query.error_description}` : ''}`;
        return back(messageForReader(SIGN_IN_NOT_COMPLETED, `The sign-in service answered ${reason}`, user.isAdmin));
      }
      if (!query.code) return back('The sign-in did not return an authorization code. Please try again.');
      try {
        const provider = providers[name];
        const tokens = await provider.exchangeCode(query.code, pending.codeVerifier, redirectUri(name));
        const email = await provider.mailboxAddress(tokens.accessToken);
        await deps.accounts.connectOAuth(user, name, email, tokens);
        return back();
      } catch (error) {
        if (error instanceof TransportError)
          return back(messageForReader(error.message, error.operatorDetail, user.isAdmin));
        if (error instanceof AppError) return back(error.message);
        throw error;
      }
    },
  };
}
