/**
 * The backup work done on the thread that owns an embedded database (pglite-thread-worker.ts runs these for the
 * `backup` operation; decision 0039): copying its files as they are at one moment, and pg_dump of a database opened
 * for the purpose.
 */
import { constants, cpSync, createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { type PGlite, protocol } from '@electric-sql/pglite';

export type BackupTask =
  /** Copies the data files into `into` (a new folder) while no statement runs: one consistent moment. */
  | { kind: 'snapshot'; into: string }
  /**
   * pg_dump's plain SQL of the whole database into `file` (created; owner-only), after `header`. pg_dump leaves
   * its session read-only and its search_path empty: run it on a database opened for the dump, never the app's.
   */
  | { kind: 'dump'; file: string; header: string };

export type BackupTaskResult = { bytes?: number };

/**
 * pg_dump of PGlite 0.5 is PostgreSQL 18's, which sets transaction_timeout (PostgreSQL 17 and later) to undo a
 * server default that older servers do not have; dropping the line lets psql load the dump into them as well
 * (tested with PostgreSQL 15).
 */
const NEWER_SERVERS_ONLY = 'SET transaction_timeout = 0;\n';

export async function runBackupTask(
  pglite: PGlite,
  dataDir: string | null,
  task: BackupTask,
): Promise<BackupTaskResult> {
  if (task.kind === 'snapshot') {
    if (!dataDir) throw new Error('An in-memory database has no files to copy.');
    await copyFilesAtOneMoment(pglite, dataDir, task.into);
    return {};
  }
  return { bytes: await dumpInto(pglite, task.file, task.header) };
}

/**
 * After a CHECKPOINT, with PGlite's locks held (no transaction open, no statement running), the files are the
 * database at one moment; PostgreSQL opens such a copy as after a power cut, with nothing to replay. The copy is
 * a reflink where the file system has them.
 */
async function copyFilesAtOneMoment(pglite: PGlite, dataDir: string, into: string) {
  await pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      await pglite.execProtocol(protocol.serialize.query('CHECKPOINT'));
      copyDataFiles(dataDir, into);
    }),
  );
}

/**
 * Copies a database's files into a new folder, owner-only; the caller makes sure nothing writes to them meanwhile.
 * A backup that gave up has removed the folder `into` was to be made in: then nothing is created.
 */
export function copyDataFiles(dataDir: string, into: string) {
  mkdirSync(into, { mode: 0o700 });
  cpSync(dataDir, into, {
    recursive: true,
    errorOnExist: true,
    force: false,
    mode: constants.COPYFILE_FICLONE,
    // The lock file of the instance that has (or had) the files open; the copy is not running.
    filter: (source) => path.basename(source) !== 'postmaster.pid',
  });
}

async function dumpInto(pglite: PGlite, file: string, header: string): Promise<number> {
  // Loaded only for a backup: pg_dump's WebAssembly is not needed by a running app.
  const { pgDump } = await import('@electric-sql/pglite-tools');
  // pgDump asks for the search_path with `query` and restores it with `exec`: the simple protocol for both, as
  // the instance's `query` keeps prepared statements that pg_dump's DEALLOCATE ALL would take away.
  const simple = {
    query: async (text: string) => (await pglite.exec(text))[0],
    exec: (text: string) => pglite.exec(text),
    execProtocolRawStream: pglite.execProtocolRawStream.bind(pglite),
  } as unknown as PGlite;
  // --inserts is pgDump's own choice (PGlite cannot load COPY FROM stdin); 1,000 rows a statement keep it quick.
  const dump = await pgDump({ pg: simple, args: ['--no-owner', '--no-privileges', '--rows-per-insert=1000'] });
  const head = await dump.slice(0, 4096).text();
  const found = head.indexOf(NEWER_SERVERS_ONLY);
  const dropAt = Buffer.byteLength(head.slice(0, found));
  const parts = found < 0 ? [dump] : [dump.slice(0, dropAt), dump.slice(dropAt + NEWER_SERVERS_ONLY.length, dump.size)];
  const body = new Blob([header, ...parts]);
  await pipeline(
    Readable.fromWeb(body.stream() as ReadableStream<Uint8Array>),
    createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
  return body.size;
}
