/**
 * A process-wide allowance of heap for request bodies: each large body holds its share from before it is read until
 * its answer has gone, so however many arrive at once, together they never hold more than the capacity. Waiters
 * are served first come, first served; one that cannot be served in time is told so instead of waiting for ever.
 */
export class MemoryBudget {
  private used = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly capacity: number) {}

  /** Bytes held now (for tests and the log). */
  get held(): number {
    return this.used;
  }

  /**
   * Takes `amount` bytes, waiting up to `timeoutMs` for others to give theirs back. Resolves to a release function
   * (calling it twice gives back once); rejects with `BudgetRefusal` when the amount can never fit or did not in time.
   */
  take(amount: number, timeoutMs: number): Promise<() => void> {
    if (amount > this.capacity) return Promise.reject(new BudgetRefusal('too_large'));
    if (this.waiting.length === 0 && this.used + amount <= this.capacity) return Promise.resolve(this.grant(amount));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        amount,
        resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new BudgetRefusal('busy'));
          // The one that timed out may have been holding back smaller ones behind it.
          this.serveWaiting();
        }, timeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Takes `amount` bytes only if they are free now and nobody is waiting: a release function, or null. */
  tryTake(amount: number): (() => void) | null {
    return this.waiting.length === 0 && this.used + amount <= this.capacity ? this.grant(amount) : null;
  }

  private grant(amount: number): () => void {
    this.used += amount;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= amount;
      this.serveWaiting();
    };
  }

  private serveWaiting() {
    while (this.waiting.length > 0 && this.used + this.waiting[0].amount <= this.capacity) {
      const next = this.waiting.shift() as Waiter;
      clearTimeout(next.timer);
      next.resolve(this.grant(next.amount));
    }
  }
}

type Waiter = { amount: number; resolve: (release: () => void) => void; timer: NodeJS.Timeout };

/** Why a share was refused: it is larger than the whole budget, or the budget stayed full for too long. */
export class BudgetRefusal extends Error {
  constructor(readonly reason: 'too_large' | 'busy') {
    super(reason === 'too_large' ? 'larger than the whole budget' : 'budget full');
    this.name = 'BudgetRefusal';
  }
}
