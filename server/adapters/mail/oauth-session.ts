import type { Clock } from '../../lib/clock';
import type { OAuthProvider, OAuthTokens } from './oauth-provider';
import { refusedSend, TransportError } from './transport';

/** How long one call to the provider may take before it counts as failed. */
export const CALL_TIMEOUT_MS = 30_000;

/**
 * A connection's OAuth tokens while it calls its provider's API: refreshes the access token shortly before it
 * expires (and once more when a call is refused with 401), and hands refreshed tokens to `saveTokens` so they
 * survive a restart.
 */
export class OAuthSession {
  constructor(
    private tokens: OAuthTokens,
    private readonly provider: OAuthProvider,
    private readonly saveTokens: (tokens: OAuthTokens) => Promise<void>,
    private readonly clock: Clock,
  ) {}

  /** One call with a fresh enough access token, and once more with a refreshed one when it is refused (401). */
  async authorized(call: (accessToken: string) => Promise<Response>): Promise<Response> {
    if (this.tokens.expiresAt - 60_000 < this.clock.now().getTime()) await this.refresh();
    const response = await call(this.tokens.accessToken);
    if (response.status !== 401) return response;
    await response.body?.cancel();
    await this.refresh();
    return call(this.tokens.accessToken);
  }

  /**
   * A GET for reading the mailbox. Answers that succeeded, and those whose status is in `expected`, come back to
   * the caller; the rest become TransportErrors: 401 after a fresh token or 403 `auth` (403 with a quota reason
   * `rate_limited`), 429 `rate_limited`, 5xx and no answer `temporary`, any other `permanent`.
   */
  async get(
    url: string,
    options: { timeoutMs: number; expected?: number[]; headers?: Record<string, string> },
  ): Promise<Response> {
    let response: Response;
    try {
      response = await this.authorized((accessToken) =>
        fetch(url, {
          headers: { ...options.headers, authorization: `Bearer ${accessToken}` },
          signal: AbortSignal.timeout(options.timeoutMs),
        }),
      );
    } catch (error) {
      if (error instanceof TransportError) throw error;
      throw this.unreachable(error);
    }
    if (response.ok || options.expected?.includes(response.status)) return response;
    const { message, quota } = await apiError(response);
    const said = `${this.provider.label}'s mail service answered ${response.status}${message ? `: ${message}` : ''}`;
    if (response.status === 429 || (response.status === 403 && quota))
      throw new TransportError('rate_limited', said, retryAfterSeconds(response, this.clock));
    if (response.status === 401 || response.status === 403) throw new TransportError('auth', said);
    throw refusedSend(response.status >= 500 ? 'temporary' : 'permanent', said);
  }

  /** The answer's body, read within the call's timeout; `temporary` when it breaks off or is not what was asked. */
  async body<T>(response: Response, read: (response: Response) => Promise<T>): Promise<T> {
    try {
      return await read(response);
    } catch (error) {
      throw this.unreachable(error);
    }
  }

  private unreachable(error: unknown): TransportError {
    const name = error instanceof Error ? error.name : '';
    const reason =
      name === 'TimeoutError' ? 'no answer in time' : name === 'SyntaxError' ? 'an unreadable answer' : 'no answer';
    return new TransportError('temporary', `Could not reach ${this.provider.label}'s mail service (${reason}).`);
  }

  private async refresh() {
    this.tokens = await this.provider.refresh(this.tokens);
    await this.saveTokens(this.tokens);
  }
}

/** The wait a 429 (or quota) answer asks for, in seconds: Retry-After as seconds or as a date. */
export function retryAfterSeconds(response: Response, clock: Clock): number {
  const header = response.headers.get('retry-after');
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = header ? Date.parse(header) : Number.NaN;
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - clock.now().getTime()) / 1000)) : 1;
}

const QUOTA_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'dailyLimitExceeded', 'quotaExceeded']);

type ApiErrorBody = {
  error?: { code?: string | number; message?: string; errors?: { reason?: string }[] } | string;
} | null;

/**
 * What an error answer says, in both providers' shapes ({error: {code, message}} for Graph, {error: {message,
 * errors: [{reason}]}} for Google, a bare {error: "…"} from some gateways), and whether it is a quota.
 */
export async function apiError(response: Response): Promise<{ message?: string; code?: string; quota: boolean }> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody;
  const error = typeof body?.error === 'string' ? { message: body.error } : body?.error;
  return {
    message: error?.message,
    code: error && 'code' in error && error.code !== undefined ? String(error.code) : undefined,
    quota:
      (error && 'errors' in error ? error.errors : [])?.some((item) => QUOTA_REASONS.has(item.reason ?? '')) ?? false,
  };
}
