import MailComposer from 'nodemailer/lib/mail-composer';
import type { Clock } from '../lib/clock';
import type { OAuthProvider, OAuthTokens } from './oauth-provider';
import { type MailTransport, type OutgoingMail, type SendResult, TransportError } from './transport';

/** The longest Retry-After we wait out in place; longer ones go back to the caller as rate_limited. */
const MAX_INLINE_WAIT_SECONDS = 10;

type ApiCall = (accessToken: string, mail: OutgoingMail) => Promise<Response>;

/**
 * Sending through a provider's HTTP API with OAuth tokens: refreshes an expired access token (and once more on a
 * 401), honours 429 Retry-After, and hands refreshed tokens to `saveTokens` so they survive a restart.
 */
export class ApiTransport implements MailTransport {
  constructor(
    private tokens: OAuthTokens,
    private readonly provider: OAuthProvider,
    private readonly call: ApiCall,
    private readonly saveTokens: (tokens: OAuthTokens) => Promise<void>,
    private readonly clock: Clock,
  ) {}

  async send(mail: OutgoingMail): Promise<SendResult> {
    if (this.tokens.expiresAt - 60_000 < this.clock.now().getTime()) await this.refresh();
    let response = await this.attempt(mail);
    if (response.status === 401) {
      await this.refresh();
      response = await this.attempt(mail);
    }
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
      response = await this.attempt(mail);
    }
    if (response.ok) return { messageId: mail.messageId, response: `${response.status} ${response.statusText}` };
    const { message: reason, quota } = await apiError(response);
    // Gmail reports sending quotas as 403 with a reason; those are a pause, not bad credentials.
    if (response.status === 429 || quota)
      throw new TransportError('rate_limited', reason, retryAfterSeconds(response, this.clock));
    if (response.status === 401 || response.status === 403) throw new TransportError('auth', reason);
    throw new TransportError(response.status >= 500 ? 'temporary' : 'permanent', reason);
  }

  close() {}

  private async attempt(mail: OutgoingMail): Promise<Response> {
    try {
      return await this.call(this.tokens.accessToken, mail);
    } catch {
      throw new TransportError('temporary', `Could not reach ${this.provider.label}'s mail service.`);
    }
  }

  private async refresh() {
    this.tokens = await this.provider.refresh(this.tokens);
    await this.saveTokens(this.tokens);
  }
}

function retryAfterSeconds(response: Response, clock: Clock): number {
  const header = response.headers.get('retry-after');
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = header ? Date.parse(header) : Number.NaN;
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - clock.now().getTime()) / 1000)) : 1;
}

const QUOTA_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'dailyLimitExceeded', 'quotaExceeded']);

type ApiErrorBody = { error?: { message?: string; errors?: { reason?: string }[] } | string } | null;

async function apiError(response: Response): Promise<{ message: string; quota: boolean }> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody;
  const error = typeof body?.error === 'string' ? { message: body.error } : body?.error;
  return {
    message: `The mail service refused the message (${response.status})${error?.message ? `: ${error.message}` : ''}`,
    quota:
      (error && 'errors' in error ? error.errors : [])?.some((item) => QUOTA_REASONS.has(item.reason ?? '')) ?? false,
  };
}

/** Microsoft Graph: POST /me/sendMail with the message as JSON. */
export function graphSendMail(graphUrl: string): ApiCall {
  return (accessToken, mail) =>
    fetch(`${graphUrl}/me/sendMail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(30_000),
      body: JSON.stringify({
        message: {
          subject: mail.subject,
          body: { contentType: 'HTML', content: mail.html },
          toRecipients: [{ emailAddress: { address: mail.to } }],
          internetMessageId: mail.messageId,
          internetMessageHeaders: Object.entries(mail.headers ?? {}).map(([name, value]) => ({ name, value })),
          attachments: (mail.attachments ?? []).map((file) => ({
            '@odata.type': '#microsoft.graph.fileAttachment',
            name: file.filename,
            contentType: file.contentType,
            contentBytes: file.content.toString('base64'),
          })),
        },
        saveToSentItems: true,
      }),
    });
}

/** Gmail API: users.messages.send with the whole MIME message, built by nodemailer's MailComposer. */
export function gmailSendMessage(gmailUrl: string): ApiCall {
  return async (accessToken, mail) => {
    const mime = await new MailComposer({
      from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: mail.headers,
      attachments: mail.attachments,
    })
      .compile()
      .build();
    return fetch(`${gmailUrl}/gmail/v1/users/me/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(30_000),
      body: JSON.stringify({ raw: mime.toString('base64url') }),
    });
  };
}
