import type { Clock } from '../../lib/clock';
import { composeMime } from './mime-message';
import type { OAuthProvider, OAuthTokens } from './oauth-provider';
import { apiError, CALL_TIMEOUT_MS, OAuthSession, retryAfterSeconds } from './oauth-session';
import type { MailTransport, OutgoingMail, SendResult } from './transport';
import { refusedSend, TransportError, uncertainSend } from './transport';

/** The longest Retry-After we wait out in place; longer ones go back to the caller as rate_limited. */
const MAX_INLINE_WAIT_SECONDS = 10;

/** A provider's mail API: how it sends a message, and how its Sent folder is searched by Message-ID. */
/** One send call: where it goes, its body and the body's content type. */
export type ApiSendRequest = { url: string; body: string; contentType: string };

export type MailApi = {
  /** Where to POST the message and the JSON body to post. */
  sendRequest(mail: OutgoingMail): Promise<ApiSendRequest>;
  /** A GET that lists the Sent folder's messages with this Message-ID. */
  sentSearchUrl(messageId: string): string;
  /** Whether the search's JSON answer lists a message. */
  listsMessage(answer: unknown): boolean;
};

/**
 * Sending through a provider's HTTP API with OAuth tokens: refreshes an expired access token (and once more on a
 * 401), honours 429 Retry-After, and hands refreshed tokens to `saveTokens` so they survive a restart.
 *
 * A call that fails with no answer is `temporary` while the request body was not all written out (the provider
 * cannot act on half a JSON body), and `uncertain` after it was: the message may have been sent.
 */
export class ApiTransport implements MailTransport {
  private readonly session: OAuthSession;

  constructor(
    tokens: OAuthTokens,
    private readonly provider: OAuthProvider,
    private readonly api: MailApi,
    saveTokens: (tokens: OAuthTokens) => Promise<void>,
    private readonly clock: Clock,
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {
    this.session = new OAuthSession(tokens, provider, saveTokens, clock);
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    const request = await this.api.sendRequest(mail);
    let response = await this.session.authorized((accessToken) => this.post(request, accessToken));
    if (response.status === 429) {
      const wait = retryAfterSeconds(response, this.clock);
      if (wait > MAX_INLINE_WAIT_SECONDS) {
        throw new TransportError(
          'rate_limited',
          `${this.provider.label} asked to slow down; retry in ${wait} s.`,
          wait,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      response = await this.session.authorized((accessToken) => this.post(request, accessToken));
    }
    if (response.ok) return { messageId: mail.messageId, response: `${response.status} ${response.statusText}` };
    const { message, quota } = await apiError(response);
    const reason = `The mail service refused the message (${response.status})${message ? `: ${message}` : ''}`;
    // Gmail reports sending quotas as 403 with a reason; those are a pause, not bad credentials.
    if (response.status === 429 || quota)
      throw new TransportError('rate_limited', reason, retryAfterSeconds(response, this.clock));
    if (response.status === 401 || response.status === 403) throw new TransportError('auth', reason);
    throw refusedSend(response.status >= 500 ? 'temporary' : 'permanent', reason);
  }

  /** Searches the Sent folder; null when the provider could not be asked or gave no usable answer. */
  async findSent(messageId: string): Promise<boolean | null> {
    let response: Response;
    try {
      response = await this.session.authorized((accessToken) =>
        fetch(this.api.sentSearchUrl(messageId), {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(this.timeoutMs),
        }),
      );
    } catch (error) {
      if (error instanceof TransportError && error.kind === 'auth') throw error;
      return null;
    }
    // Still refused after a fresh token: the credentials are gone. Anything else (403, 429, 5xx) cannot tell.
    if (response.status === 401) throw new TransportError('auth', `${this.provider.label} refused the sign-in (401).`);
    if (!response.ok) return null;
    const answer = await response.json().catch(() => null);
    return answer === null ? null : this.api.listsMessage(answer);
  }

  close() {}

  private async post(request: ApiSendRequest, accessToken: string): Promise<Response> {
    const body = Buffer.from(request.body);
    let handedOver = false;
    // A streamed body needs `duplex`, which TypeScript's RequestInit does not list yet.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': request.contentType,
        'content-length': String(body.length),
      },
      body: watchedBody(body, () => {
        handedOver = true;
      }),
      duplex: 'half',
      signal: AbortSignal.timeout(this.timeoutMs),
    };
    try {
      return await fetch(request.url, init);
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'connection lost';
      if (handedOver) throw uncertainSend(this.provider.label, reason);
      throw new TransportError('temporary', `Could not reach ${this.provider.label}'s mail service.`);
    }
  }
}

/**
 * A request body that tells when the HTTP client has taken all of it: fetch pulls it only once connected, and
 * pulls again (finding its end) only after writing the bytes out to the socket.
 */
function watchedBody(bytes: Uint8Array, onTaken: () => void): ReadableStream<Uint8Array> {
  let given = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (given) {
          onTaken();
          controller.close();
          return;
        }
        given = true;
        controller.enqueue(bytes);
      },
    },
    // Nothing is read ahead: a pull means the client asked.
    { highWaterMark: 0 },
  );
}

/**
 * Microsoft Graph: POST /me/sendMail with the whole MIME message, base64, as text/plain (Graph's MIME form; a copy is
 * saved to Sent Items). The JSON form would refuse our List-Unsubscribe headers (it takes only X- headers) and
 * drop the plain-text part. The Sent Items folder is filtered on internetMessageId, which Graph keeps with its
 * angle brackets.
 */
export function graphApi(graphUrl: string): MailApi {
  return {
    sendRequest: async (mail) => ({
      url: `${graphUrl}/me/sendMail`,
      body: (await composeMime(mail)).toString('base64'),
      contentType: 'text/plain',
    }),
    sentSearchUrl(messageId) {
      const params = new URLSearchParams({
        // OData string literals escape a quote by doubling it.
        $filter: `internetMessageId eq '${messageId.replaceAll("'", "''")}'`,
        $select: 'id',
        $top: '1',
      });
      return `${graphUrl}/me/mailFolders/sentitems/messages?${params}`;
    },
    listsMessage: (answer) => ((answer as { value?: unknown[] }).value?.length ?? 0) > 0,
  };
}

/**
 * Gmail API: users.messages.send with the whole MIME message; the Sent folder is searched with Gmail's
 * `rfc822msgid:` operator (the Message-ID without its angle brackets).
 */
export function gmailApi(gmailUrl: string): MailApi {
  return {
    sendRequest: async (mail) => ({
      url: `${gmailUrl}/gmail/v1/users/me/messages/send`,
      body: JSON.stringify({ raw: (await composeMime(mail)).toString('base64url') }),
      contentType: 'application/json',
    }),
    sentSearchUrl(messageId) {
      const params = new URLSearchParams({
        q: `in:sent rfc822msgid:${messageId.replace(/^<|>$/g, '')}`,
        maxResults: '1',
      });
      return `${gmailUrl}/gmail/v1/users/me/messages?${params}`;
    },
    listsMessage: (answer) => ((answer as { messages?: unknown[] }).messages?.length ?? 0) > 0,
  };
}
