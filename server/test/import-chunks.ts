import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { CSV_CHUNK_ROWS } from '../../contract/leads';
import { queryRows } from '../db/client';
import type { ProcessDatabase } from './process-database';
import { signalAndWait } from './process-exit';

/**
 * A lead import through a server process's HTTP API in the upload dialog's chunks, numbered so that the database
 * can say afterwards how much of each chunk it holds (the kill and shutdown proofs).
 */
export function importChunks(port: number) {
  const base = `http://127.0.0.1:${port}`;
  return {
    async signUp(): Promise<string> {
      const response = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'importer@import-kill.test',
          password: 'correct-horse',
          companyName: 'Imports',
          industry: 'Testing',
          service: 'Crashes',
          preferredLocalClients: 'Everyone',
        }),
      });
      const cookie = response.headers.get('set-cookie')?.split(';')[0];
      if (response.status !== 201 || !cookie) throw new Error(`sign-up failed: ${await response.text()}`);
      return cookie;
    },

    /** Posts chunk `n` (rows c{n}-r{i}@import-kill.test); 'ok' when the server answered 200, else 'lost'. */
    async post(cookie: string, n: number): Promise<'ok' | 'lost'> {
      const csvData = Array.from({ length: CSV_CHUNK_ROWS }, (_, i) => ({
        email: `c${n}-r${i}@import-kill.test`,
        first_name: `Row${i}`,
        company: `Company ${n}`,
      }));
      try {
        const response = await fetch(`${base}/api/leads/upload-csv`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ csvData, firstRowNumber: n * CSV_CHUNK_ROWS + 2 }),
        });
        // 200 says the chunk is stored: added now, or found there already (stored before a kill cut its answer).
        await response.arrayBuffer();
        return response.status === 200 ? 'ok' : 'lost';
      } catch {
        return 'lost';
      }
    },
  };
}

/**
 * Posts each chunk of `pending` until it answers 200 (a chunk that fails is sent again after a moment, as a person
 * uploading again would), adding it to `acknowledged`; rejects when they are not all in within `timeoutMs`.
 */
export async function postUntilAcknowledged(
  api: ReturnType<typeof importChunks>,
  cookie: string,
  pending: number[],
  acknowledged: Set<number>,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (const n of pending) {
    while ((await api.post(cookie, n)) !== 'ok') {
      if (Date.now() > deadline) throw new Error(`chunk ${n} was still refused after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    acknowledged.add(n);
  }
}

/** Leads per chunk as the database holds them. */
export const rowsPerChunk = (database: ProcessDatabase) =>
  database.use(async (handle) => {
    const rows = await queryRows<{ chunk: string; count: number }>(
      handle.db,
      sql`SELECT split_part(email, '-', 1) AS chunk, count(*)::int AS count FROM leads GROUP BY 1`,
    );
    return new Map(rows.map((row) => [Number(row.chunk.slice(1)), row.count]));
  });

/** Chunks that answered 200 but are not all there, and chunks partly there: both must be empty. */
export function chunkDamage(stored: Map<number, number>, acknowledged: Set<number>) {
  return {
    lost: [...acknowledged].filter((n) => stored.get(n) !== CSV_CHUNK_ROWS),
    half: [...stored].filter(([, count]) => count !== 0 && count !== CSV_CHUNK_ROWS).map(([n]) => n),
  };
}

/**
 * Imports `chunks` chunks through a server process (`start` starts one on the same database and waits until it
 * listens), SIGKILLing it `kills` times at a random moment of a chunk after the first, each time reading what the
 * database holds before starting it again; chunks not acknowledged are sent again, as a person uploading again
 * would, until all are. Ends with the process stopped by SIGTERM.
 */
export async function importThroughKills(options: {
  port: number;
  database: ProcessDatabase;
  chunks: number;
  kills: number;
  start(): Promise<{ child: ChildProcess }>;
}) {
  const { database, chunks, kills } = options;
  const api = importChunks(options.port);
  let server = await options.start();
  const cookie = await api.signUp();
  const acknowledged = new Set<number>();
  const afterKills: ReturnType<typeof chunkDamage>[] = [];
  while (acknowledged.size < chunks) {
    const killsLeft = kills - afterKills.length;
    // The kill lands during one of the next few chunks (after the first still to send, while there are two), so
    // that the kills spread over the whole import.
    const pending = [...Array(chunks).keys()].filter((n) => !acknowledged.has(n));
    const span = Math.max(1, Math.floor((pending.length - 1) / Math.max(1, killsLeft)));
    const victim = killsLeft > 0 ? pending[Math.min(pending.length - 1, 1 + Math.floor(Math.random() * span))] : -1;
    for (const n of pending) {
      const answered = api.post(cookie, n);
      if (n === victim) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
        await signalAndWait(server.child, 'SIGKILL');
      }
      if ((await answered) === 'ok') acknowledged.add(n);
      if (n === victim) break;
    }
    if (victim >= 0) {
      afterKills.push(chunkDamage(await rowsPerChunk(database), acknowledged));
      server = await options.start();
    }
  }
  await signalAndWait(server.child, 'SIGTERM');
  const stored = await rowsPerChunk(database);
  return { acknowledged, afterKills, final: chunkDamage(stored, acknowledged), stored };
}
