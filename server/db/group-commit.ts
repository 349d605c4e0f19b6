/**
 * Group commit for the embedded database's thread (decision 0044): answers wait until the end of the event loop's
 * turn, then the WAL of every commit made meanwhile goes to disk (`sync`: one fsync per WAL file), and only then do
 * the answers leave, in order. Requests that arrived together share one fsync instead of paying one each, and no
 * answer leaves before the WAL it follows is on disk.
 */
export function createAnswerGate<Answer>(sync: () => void, post: (answer: Answer) => void) {
  const held: Answer[] = [];
  let release: NodeJS.Immediate | null = null;
  const releaseHeld = () => {
    if (release) clearImmediate(release);
    release = null;
    sync();
    for (const answer of held.splice(0)) post(answer);
  };
  return {
    /** Sends `answer` at the end of this turn, after the WAL is synced. */
    answer(answer: Answer) {
      held.push(answer);
      release ??= setImmediate(releaseHeld);
    },
    /** Syncs and sends what is held now (before the thread closes). */
    releaseNow: releaseHeld,
  };
}
