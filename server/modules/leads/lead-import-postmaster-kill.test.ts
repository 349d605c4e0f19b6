import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../../contract/leads';
import { appHomePerTest } from '../../test/app-home';
import { chunkDamage, importChunks, postUntilAcknowledged, rowsPerChunk } from '../../test/import-chunks';
import { signalAndWait } from '../../test/process-exit';

// The embedded server's own crash: its postmaster is SIGKILLed in the middle of a lead import while `npm start`'s
// process (ROLE=all on the embedded server in its DATA_DIR) runs on. PostgreSQL replays its WAL at the next start:
// every chunk the app answered 200 must be there whole, and no chunk half there. Then the import finishes, through
// the same app once its server is back, or through the app restarted on the same DATA_DIR.

const CHUNKS = 4; // 20,000 rows in the upload dialog's 5,000-row chunks
/** About how long the app takes to store one chunk here, so that the kill lands anywhere in one. */
const CHUNK_MS = 1_500;

const home = appHomePerTest();

/**
 * Starts the app, imports chunk 0, and SIGKILLs the postmaster at a random moment of chunk 1. Answers the app,
 * the API, and the chunks acknowledged, once the postmaster and its backends have ended.
 */
async function importUntilPostmasterKilled() {
  const server = await home.start();
  const api = importChunks(home.port);
  const cookie = await api.signUp();
  const acknowledged = new Set<number>();
  await postUntilAcknowledged(api, cookie, [0], acknowledged);
  const answered = api.post(cookie, 1);
  await delay(Math.random() * CHUNK_MS);
  const killed = home.database.killPostmaster();
  if ((await answered) === 'ok') acknowledged.add(1);
  await killed;
  return { server, api, cookie, acknowledged };
}

const pendingOf = (acknowledged: Set<number>) => [...Array(CHUNKS).keys()].filter((n) => !acknowledged.has(n));

describe('the embedded server when its postmaster is SIGKILLed during an import', () => {
  it('keeps every chunk that answered 200, and the running app goes on by itself once its server is back', {
    timeout: 180_000,
  }, async () => {
    const { server, api, cookie, acknowledged } = await importUntilPostmasterKilled();
    expect(server.child.exitCode, `the app ended with its server:\n${server.output()}`).toBeNull();

    // The app starts its server again, from its WAL (server/db/embedded-keeper.ts), and its pool opens new
    // connections by itself; the test reads through the same server.
    const afterKill = await home.database.use(async () => {
      const damage = chunkDamage(await rowsPerChunk(home.database), acknowledged);
      await postUntilAcknowledged(api, cookie, pendingOf(acknowledged), acknowledged);
      return damage;
    });
    expect(afterKill).toEqual({ lost: [], half: [] });

    expect(await signalAndWait(server.child, 'SIGTERM')).toMatchObject({ code: 0, signal: null });
    const stored = await rowsPerChunk(home.database);
    expect(chunkDamage(stored, acknowledged)).toEqual({ lost: [], half: [] });
    expect([...stored.values()].reduce((sum, count) => sum + count, 0)).toBe(CHUNKS * CSV_CHUNK_ROWS);
  });

  it('keeps every chunk that answered 200 when the app is restarted at once on the same DATA_DIR', {
    timeout: 180_000,
  }, async () => {
    const { server, api, cookie, acknowledged } = await importUntilPostmasterKilled();
    // The app stops cleanly without its server, and its next start brings the server back from its WAL (the killed
    // postmaster's backends may still be ending then).
    expect(await signalAndWait(server.child, 'SIGTERM')).toMatchObject({ code: 0, signal: null });
    const restarted = await home.start();
    const afterKill = chunkDamage(await rowsPerChunk(home.database), acknowledged);
    expect(afterKill).toEqual({ lost: [], half: [] });

    await postUntilAcknowledged(api, cookie, pendingOf(acknowledged), acknowledged);
    expect(await signalAndWait(restarted.child, 'SIGTERM')).toMatchObject({ code: 0, signal: null });
    const stored = await rowsPerChunk(home.database);
    expect(chunkDamage(stored, acknowledged)).toEqual({ lost: [], half: [] });
    expect([...stored.values()].reduce((sum, count) => sum + count, 0)).toBe(CHUNKS * CSV_CHUNK_ROWS);
  });
});
