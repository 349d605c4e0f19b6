/**
 * Group writes: one write runs at a time, and the items that come while it runs go together in the next, up to
 * `maxItems`. Alone an item is written at once; under load many share one statement and one commit instead of each
 * taking a connection, a commit and the locks it waits for (docs/decisions/0048). `add` resolves once the write that
 * carried its item has finished, and rejects with that write's error, so a caller answers only for what is stored.
 */
export function createWriteBatcher<Item>(write: (items: Item[]) => Promise<void>, maxItems: number) {
  type Failure = { error: unknown } | null;
  type Waiting = { item: Item; done: (failure: Failure) => void };
  let waiting: Waiting[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxItems);
      waiting = waiting.slice(batch.length);
      const failure: Failure = await write(batch.map((one) => one.item)).then(
        () => null,
        (error: unknown) => ({ error }),
      );
      for (const one of batch) one.done(failure);
    }
    writing = false;
  }

  return {
    add(item: Item): Promise<void> {
      return new Promise((resolve, reject) => {
        waiting.push({ item, done: (failure) => (failure ? reject(failure.error) : resolve()) });
        if (!writing) void drain();
      });
    },
  };
}
