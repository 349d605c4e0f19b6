import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher';

/** A write that waits until released, recording the batches it was given. */
function heldWrites() {
  const batches: number[][] = [];
  const releases: Array<(error?: Error) => void> = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(items);
      releases.push((error) => (error ? reject(error) : resolve()));
    });
  const release = async (error?: Error) => {
    releases.shift()?.(error);
    // Let the batcher settle its callers and start its next write.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, write, release };
}

describe('createWriteBatcher', () => {
  it('writes an item alone at once, and the items that come meanwhile together in the next write', async () => {
    const { batches, write, release } = heldWrites();
    const batcher = createWriteBatcher(write, 100);
    const first = batcher.add(1);
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4].map((item) => batcher.add(item));
    expect(batches).toEqual([[1]]);
    await release();
    await expect(first).resolves.toBeUndefined();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    let settled = false;
    void Promise.all(later).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Answered only once their own write is done.
    expect(settled).toBe(false);
    await release();
    await Promise.all(later);
  });

  it('writes at most maxItems at a time, in the order they came', async () => {
    const { batches, write, release } = heldWrites();
    const batcher = createWriteBatcher(write, 2);
    const added = [1, 2, 3, 4, 5].map((item) => batcher.add(item));
    for (let i = 0; i < 3; i++) await release();
    await Promise.all(added);
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('fails exactly the items of a failed write, and goes on with the others', async () => {
    const { batches, write, release } = heldWrites();
    const batcher = createWriteBatcher(write, 10);
    const first = batcher.add(1);
    const second = [batcher.add(2), batcher.add(3)];
    const refused = Promise.allSettled(second);
    await release();
    await first;
    const third = batcher.add(4);
    await release(new Error('the database refused'));
    expect((await refused).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(second[0]).rejects.toThrow('the database refused');
    await release();
    await expect(third).resolves.toBeUndefined();
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });
});
