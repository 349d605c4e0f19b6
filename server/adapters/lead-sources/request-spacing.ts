import { type Clock, systemClock } from '../../lib/clock';

/** Waits the given time; tests pass one that moves their clock instead. */
export type Sleep = (ms: number) => Promise<void>;

const sleepFor: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets requests to one service go at most one per interval, in the order they asked, across all callers. */
export class RequestSpacing {
  private lastAt = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly clock: Clock = systemClock,
    private readonly sleep: Sleep = sleepFor,
  ) {}

  /** Resolves when the caller may send its request. */
  turn(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.lastAt + this.intervalMs - this.clock.now().getTime();
      if (wait > 0) await this.sleep(wait);
      this.lastAt = this.clock.now().getTime();
    });
    this.queue = turn;
    return turn;
  }
}

/** Nominatim's usage policy allows one request a second from the whole application, so one spacing per process. */
export const nominatimSpacing = new RequestSpacing(1000);
