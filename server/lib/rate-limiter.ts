import { AppError } from './app-error';

/**
 * Fixed-window attempt counter kept in this process's memory. Enough to stop a flood against one
 * web process; each web process counts on its own (docs/decisions/0003-auth-rate-limit.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts one attempt for `key`; returns the seconds to wait when the limit is exceeded, else 0. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.limit ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  /** Counts one attempt for each key and refuses (429, with the wait) when any of them is over the limit. */
  enforce(keys: string[]) {
    const wait = Math.max(...keys.map((key) => this.hit(key)));
    if (wait > 0) {
      throw AppError.tooManyRequests(
        `Too many attempts. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
        wait,
      );
    }
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
