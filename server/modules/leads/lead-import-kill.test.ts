import { describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../../contract/leads';
import { appHomePerTest } from '../../test/app-home';
import { chunkDamage, importChunks, importThroughKills, rowsPerChunk } from '../../test/import-chunks';
import { signalAndWait } from '../../test/process-exit';

// Durability: the embedded database under SIGKILL and SIGTERM: `npm start`'s process (ROLE=all on the embedded server
// in its DATA_DIR) is stopped in the middle of a lead import, then started again on the same DATA_DIR. A SIGKILLed
// app leaves its server running, which finishes, and commits, the statement the app sent last. Every chunk the
// server answered 200 must be there whole, and no chunk half there. (The full 100,000 rows, with more kills:
// `BENCH=reliability RELIABILITY=faults`.)

const CHUNKS = 4; // 20,000 rows in the upload dialog's 5,000-row chunks

const home = appHomePerTest();

describe('the embedded database when the app is stopped during an import', () => {
  it('keeps every chunk that answered 200, whole, and none half, after a SIGKILL at a random point', {
    timeout: 180_000,
  }, async () => {
    const { afterKills, final, stored } = await importThroughKills({
      port: home.port,
      database: home.database,
      chunks: CHUNKS,
      kills: 1,
      start: () => home.start(),
    });

    expect(afterKills).toEqual([{ lost: [], half: [] }]);
    expect(final).toEqual({ lost: [], half: [] });
    expect([...stored.values()].reduce((sum, count) => sum + count, 0)).toBe(CHUNKS * CSV_CHUNK_ROWS);
  });

  it('answers the chunk in flight at SIGTERM and exits cleanly: the chunk is there whole', {
    timeout: 120_000,
  }, async () => {
    const server = await home.start();
    const chunks = importChunks(home.port);
    const cookie = await chunks.signUp();
    const answered = chunks.post(cookie, 0);
    // The chunk is on the server by then, and its 5,000 rows take it well over a second to store.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exit = await signalAndWait(server.child, 'SIGTERM');

    expect(await answered).toBe('ok');
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(chunkDamage(await rowsPerChunk(home.database), new Set([0]))).toEqual({ lost: [], half: [] });
  });
});
