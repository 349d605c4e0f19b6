import { describe, expect, it } from 'vitest';
import { BudgetRefusal, MemoryBudget } from './memory-budget';

describe('MemoryBudget', () => {
  it('grants what fits, makes the rest wait in turn, and serves them as shares come back', async () => {
    const budget = new MemoryBudget(100);
    const first = await budget.take(60, 1000);
    const served: string[] = [];
    const noted = (name: string) => (release: () => void) => {
      served.push(name);
      return release;
    };
    const second = budget.take(50, 1000).then(noted('second'));
    const third = budget.take(10, 1000).then(noted('third'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The third would fit, but waits behind the second: first come, first served.
    expect(served).toEqual([]);
    first();
    first(); // given back once only
    const [releaseSecond, releaseThird] = await Promise.all([second, third]);
    expect(served).toEqual(['second', 'third']);
    expect(budget.held).toBe(60);
    releaseSecond();
    releaseThird();
    expect(budget.held).toBe(0);
  });

  it('refuses at once what can never fit, and in time what did not fit while it waited', async () => {
    const budget = new MemoryBudget(100);
    await expect(budget.take(101, 1000)).rejects.toEqual(new BudgetRefusal('too_large'));
    const held = await budget.take(90, 1000);
    await expect(budget.take(20, 20)).rejects.toEqual(new BudgetRefusal('busy'));
    // A waiter that gave up no longer holds back the ones behind it.
    const blocked = budget.take(50, 20).catch(() => 'gave up');
    const small = budget.take(10, 1000);
    expect(await blocked).toBe('gave up');
    (await small)();
    held();
    expect(budget.held).toBe(0);
  });

  it('grants at once or not at all when asked not to wait', async () => {
    const budget = new MemoryBudget(100);
    const held = budget.tryTake(70);
    expect(held).not.toBeNull();
    expect(budget.tryTake(40)).toBeNull();
    const waiting = budget.take(40, 1000);
    // Someone is waiting: a share that does not wait does not go ahead of them.
    expect(budget.tryTake(10)).toBeNull();
    held?.();
    (await waiting)();
    expect(budget.held).toBe(0);
  });
});
