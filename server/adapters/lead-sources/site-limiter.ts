/** At most `limit` tasks at once; the others wait their turn in order. */
export class SiteLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.limit) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', onAbort);
        this.running += 1;
        resolve();
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(signal?.reason);
      };
      this.waiting.push(turn);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release() {
    this.running -= 1;
    this.waiting.shift()?.();
  }
}

/** Websites visited at once by this process, across every search (politeness toward the sites). */
export const websiteVisits = new SiteLimiter(4);
