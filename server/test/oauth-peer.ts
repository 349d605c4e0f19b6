import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { OAuthProvider, OAuthTokens } from '../adapters/mail/oauth-provider';

export const PEER_CLIENT = { id: 'test-client-id', secret: 'test-client-secret' };
export const PEER_MAILBOXES = { outlook: 'owner@contoso.test', gmail: 'owner@gmail.test' };

/**
 * More of a provider's API behind the peer's Bearer check (the mailbox readers' endpoints): answers the request
 * and returns true, or returns false to leave it to the peer.
 */
export type PeerResource = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

type Sent = { kind: 'graph' | 'gmail'; authorization: string; mail: ParsedMail };

/**
 * A local stand-in for Microsoft's identity platform + Graph and Google's OAuth + Gmail API, following their
 * documented request and response shapes: authorization code with PKCE (S256), refresh tokens, Bearer-protected
 * resources that answer 401 for expired tokens and 429 with Retry-After when told to.
 */
export async function startOAuthPeer(options: { resources?: PeerResource[] } = {}) {
  const mailboxes = PEER_MAILBOXES;
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const grants: string[] = [];
  const sent: Sent[] = [];
  let counter = 0;
  let rateLimit: number | null = null;
  let refusal: { status: number; body: unknown } | null = null;
  let lostAnswer: 'drop' | 'hang' | null = null;

  const json = sendJson;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => resolve(raw));
    });
  const issue = () => {
    counter += 1;
    const accessToken = `access-${counter}`;
    accessTokens.add(accessToken);
    return accessToken;
  };

  /** A code for what the authorize URL asked, as the provider's consent page grants it. */
  const grantCode = (params: URLSearchParams) => {
    counter += 1;
    const code = `code-${counter}`;
    codes.set(code, { challenge: params.get('code_challenge') ?? '', redirectUri: params.get('redirect_uri') ?? '' });
    return code;
  };

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    grants.push(form.get('grant_type') ?? '');
    if (form.get('client_id') !== PEER_CLIENT.id || form.get('client_secret') !== PEER_CLIENT.secret) {
      return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (form.get('grant_type') === 'authorization_code') {
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (!pending || pending.redirectUri !== form.get('redirect_uri') || pending.challenge !== challenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'The code or its PKCE verifier is wrong' });
      }
      const refreshToken = `refresh-${counter + 1}`;
      refreshTokens.add(refreshToken);
      return json(res, 200, {
        token_type: 'Bearer',
        access_token: issue(),
        refresh_token: refreshToken,
        expires_in: 3600,
      });
    }
    if (form.get('grant_type') === 'refresh_token' && refreshTokens.has(form.get('refresh_token') ?? '')) {
      return json(res, 200, { token_type: 'Bearer', access_token: issue(), expires_in: 3600 });
    }
    return json(res, 400, { error: 'invalid_grant', error_description: 'Refresh token revoked' });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const authorization = req.headers.authorization ?? '';
    const authorized = accessTokens.has(authorization.replace(/^Bearer /, ''));
    if (
      req.method === 'POST' &&
      (url.pathname === '/ms/common/oauth2/v2.0/token' || url.pathname === '/google/token')
    ) {
      return tokenEndpoint(req, res);
    }
    if (!authorized)
      return json(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' } });
    for (const resource of options.resources ?? []) if (await resource(req, res, url)) return;
    if (req.method === 'GET' && url.pathname === '/graph/me') {
      return json(res, 200, { displayName: 'Owner', mail: mailboxes.outlook, userPrincipalName: mailboxes.outlook });
    }
    if (req.method === 'GET' && url.pathname === '/gmail/gmail/v1/users/me/profile') {
      return json(res, 200, { emailAddress: mailboxes.gmail, messagesTotal: 0 });
    }
    if (req.method === 'GET' && url.pathname === '/graph/me/mailFolders/sentitems/messages') {
      // Graph's OData: $filter=internetMessageId eq '<id>' (quotes doubled), answered as { value: [...] }.
      const wanted = /^internetMessageId eq '((?:[^']|'')*)'$/.exec(url.searchParams.get('$filter') ?? '')?.[1];
      if (wanted === undefined) return json(res, 400, { error: { code: 'BadRequest', message: 'Invalid filter' } });
      const found = sent.filter(
        (item) => item.kind === 'graph' && item.mail.messageId === wanted.replaceAll("''", "'"),
      );
      return json(res, 200, {
        value: found.slice(0, Number(url.searchParams.get('$top') ?? 10)).map((_, i) => ({ id: `m-${i}` })),
      });
    }
    if (req.method === 'GET' && url.pathname === '/gmail/gmail/v1/users/me/messages') {
      // Gmail's search operators: in:sent and rfc822msgid:<Message-ID without brackets>; no match has no messages.
      const query = url.searchParams.get('q') ?? '';
      const wanted = /(?:^|\s)rfc822msgid:(\S+)/.exec(query)?.[1];
      const found = sent.filter(
        (item) =>
          item.kind === 'gmail' && wanted && item.mail.messageId === `<${wanted}>` && /(?:^|\s)in:sent\b/.test(query),
      );
      if (!found.length) return json(res, 200, { resultSizeEstimate: 0 });
      return json(res, 200, {
        messages: found.map((_, i) => ({ id: `msg-${i}`, threadId: 't-1' })),
        resultSizeEstimate: found.length,
      });
    }
    const isGraphSend = req.method === 'POST' && url.pathname === '/graph/me/sendMail';
    const isGmailSend = req.method === 'POST' && url.pathname === '/gmail/gmail/v1/users/me/messages/send';
    if (!isGraphSend && !isGmailSend) return json(res, 404, { error: { message: 'Not found' } });
    const text = await readBody(req);
    // Graph's MIME form is the message, base64, as text/plain; Gmail's is JSON with the message base64url in `raw`.
    if (isGraphSend && !req.headers['content-type']?.startsWith('text/plain')) {
      return json(res, 400, { error: { code: 'ErrorMimeContentInvalid', message: 'Expected MIME content' } });
    }
    const mime = isGraphSend ? Buffer.from(text, 'base64') : Buffer.from(JSON.parse(text).raw, 'base64url');
    if (refusal) {
      const { status, body: answer } = refusal;
      refusal = null;
      return json(res, status, answer);
    }
    if (rateLimit !== null) {
      const seconds = rateLimit;
      rateLimit = null;
      return json(
        res,
        429,
        { error: { code: 'TooManyRequests', message: 'Too many requests' } },
        { 'retry-after': String(seconds) },
      );
    }
    sent.push({ kind: isGraphSend ? 'graph' : 'gmail', authorization, mail: await simpleParser(mime) });
    if (lostAnswer) {
      const how = lostAnswer;
      lostAnswer = null;
      if (how === 'drop') req.socket.destroy();
      return;
    }
    if (isGraphSend) {
      res.writeHead(202);
      return res.end();
    }
    return json(res, 200, { id: `msg-${sent.length}`, threadId: 't-1', labelIds: ['SENT'] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    config: {
      microsoft: {
        clientId: PEER_CLIENT.id,
        clientSecret: PEER_CLIENT.secret,
        tenant: 'common',
        loginUrl: `${base}/ms`,
        graphUrl: `${base}/graph`,
      },
      google: {
        clientId: PEER_CLIENT.id,
        clientSecret: PEER_CLIENT.secret,
        authUrl: `${base}/google/auth`,
        tokenUrl: `${base}/google/token`,
        gmailUrl: `${base}/gmail`,
      },
    },
    base,
    mailboxes,
    sent,
    grants,
    /** The person consents on the provider's page: answers the redirect back to the app, with a code. */
    consent(authUrl: string): string {
      const params = new URL(authUrl).searchParams;
      const code = grantCode(params);
      const back = new URL(params.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      return `${back.pathname}${back.search}`;
    },
    /** Tokens as connecting gets them: the person consents, the app exchanges the code. */
    signIn(provider: OAuthProvider): Promise<OAuthTokens> {
      const redirectUri = 'http://localhost:5000/api/callback';
      const verifier = 'a-code-verifier-that-is-long-enough-0123456789';
      const code = grantCode(new URL(provider.authorizeUrl('state', verifier, redirectUri)).searchParams);
      return provider.exchangeCode(code, verifier, redirectUri);
    },
    /** Every access token issued so far stops working, as when they expire. */
    expireAccessTokens() {
      accessTokens.clear();
    },
    /** The person revoked the app's access: no refresh token works any more. */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    rateLimitNextSend(seconds: number) {
      rateLimit = seconds;
    },
    /** The next send is answered with this status and JSON body. */
    refuseNextSend(status: number, body: unknown) {
      refusal = { status, body };
    },
    /** The next send goes out, but its answer never comes: the connection drops, or stays silent. */
    loseNextAnswer(how: 'drop' | 'hang') {
      lostAnswer = how;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
