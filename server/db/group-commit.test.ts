import { describe, expect, it } from 'vitest';
import { createAnswerGate } from './group-commit';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A gate whose syncs and sent answers are written down in the order they happen. */
function recordingGate() {
  const events: string[] = [];
  const gate = createAnswerGate<string>(
    () => events.push('sync'),
    (answer) => events.push(answer),
  );
  return { events, gate };
}

describe('group commit: answers leave after the WAL is synced, one sync for a turn', () => {
  it('holds the answers of one turn, syncs once, then sends them in order', async () => {
    const { events, gate } = recordingGate();
    gate.answer('a');
    gate.answer('b');
    await Promise.resolve();
    gate.answer('c');
    expect(events).toEqual([]);
    await nextTurn();
    expect(events).toEqual(['sync', 'a', 'b', 'c']);

    gate.answer('d');
    await nextTurn();
    expect(events).toEqual(['sync', 'a', 'b', 'c', 'sync', 'd']);
  });

  it('releases what it holds at once when asked (the thread is closing), and not again', async () => {
    const { events, gate } = recordingGate();
    gate.answer('closed');
    gate.releaseNow();
    expect(events).toEqual(['sync', 'closed']);
    await nextTurn();
    expect(events).toEqual(['sync', 'closed']);
  });
});
