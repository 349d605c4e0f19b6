import { onTestFinished } from 'vitest';
import type { MailInbox } from '../adapters/mail/inbox';
import type { OAuthProvider, OAuthTokens } from '../adapters/mail/oauth-provider';
import type { Clock } from '../lib/clock';
import { systemClock } from '../lib/clock';
import { type PeerResource, startOAuthPeer } from './oauth-peer';

type OAuthPeer = Awaited<ReturnType<typeof startOAuthPeer>>;

/** A mailbox reader built the way GmailInbox and GraphInbox are: tokens, provider, API address, token saver, clock. */
type OAuthInboxClass<Inbox extends MailInbox> = new (
  tokens: OAuthTokens,
  provider: OAuthProvider,
  apiUrl: string,
  saveTokens: (tokens: OAuthTokens) => Promise<void>,
  clock: Clock,
  timeoutMs?: number,
) => Inbox;

/** How the reader reaches the peer: the provider it signs in with and the mail API's address. */
export type OAuthInboxApi = (peer: OAuthPeer) => { provider: OAuthProvider; apiUrl: string };

/** `tokens` changes the tokens the reader starts with, `apiUrl` where it reads. */
export type OAuthInboxOptions = { tokens?: (tokens: OAuthTokens) => OAuthTokens; apiUrl?: string };

/**
 * `mailbox` behind its own OAuth peer (stopped when the test ends), and a reader signed in to it whose saved tokens
 * are kept.
 */
export async function signedInOAuthInbox<Mailbox extends { handle: PeerResource }, Inbox extends MailInbox>(
  mailbox: Mailbox,
  api: OAuthInboxApi,
  Reader: OAuthInboxClass<Inbox>,
  options: OAuthInboxOptions = {},
) {
  const peer = await startOAuthPeer({ resources: [mailbox.handle] });
  onTestFinished(() => peer.stop());
  const { provider, apiUrl } = api(peer);
  const signedIn = await peer.signIn(provider);
  const saved: OAuthTokens[] = [];
  const inbox = new Reader(
    options.tokens ? options.tokens(signedIn) : signedIn,
    provider,
    options.apiUrl ?? apiUrl,
    async (tokens) => {
      saved.push(tokens);
    },
    systemClock,
    2_000,
  );
  return { mailbox, peer, inbox, saved, signedIn };
}
