import { createReadStream, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { pgliteDirOf } from '../db/client';
import { claimDataDir, DataDirInUseError } from '../db/data-dir-claim';
import { type PGliteThread, startPGliteThread } from '../db/pglite-thread';
import { DataDirOpenToOthersError, ensureOwnerOnlyDataDir } from '../lib/owner-only-data-dir';
import { type BackupSecrets, readBackupHeader, writeSecretFiles } from './backup-header';
import { CommandError, EXIT, leftovers, megabytes, type Say } from './command';
import { SqlStatementSplitter } from './sql-statements';

export type RestoreResult = {
  secrets: BackupSecrets | null;
  secretFiles: string[];
  /** What the restored database holds, when it is LocalReach's. */
  counts: { users: number; leads: number } | null;
};

/** Statements are sent to the database about this many characters at a time. */
const BATCH_CHARS = 1_000_000;
/** psql's \restrict and \unrestrict guard a dump against meta-commands hidden in its data; PGlite runs none. */
const IGNORED_META = /^\\(un)?restrict\b/;
const COPY_FROM_STDIN = /^(?:\s|--[^\n]*\n)*COPY\s[\s\S]*\sFROM\s+stdin\s*;$/i;

/**
 * Loads a backup (pg_dump's plain SQL) into a new embedded database in an empty DATA_DIR, read and run a batch of
 * statements at a time, and writes the secrets it carries where the app looks for them (decision 0039). On any
 * failure DATA_DIR is left as it was found.
 */
export async function restoreBackup({ dataDir, file, say }: { dataDir: string; file: string; say: Say }) {
  const { secrets } = await readBackupHeader(file);
  refuseUnlessEmpty(dataDir);
  // The app starts only on an owner-only DATA_DIR: an empty one is made so, one that cannot be is refused now.
  try {
    ensureOwnerOnlyDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirOpenToOthersError) throw new CommandError(error.message, EXIT.refused);
    throw error;
  }
  const claim = await claimDataDir(dataDir, { purpose: 'a restore' }).catch((error) => {
    if (error instanceof DataDirInUseError) throw new CommandError(`${error.message} Stop it first.`, EXIT.busy);
    throw error;
  });
  const pgliteDir = pgliteDirOf(dataDir);
  leftovers.add(pgliteDir);
  try {
    refuseUnlessEmpty(dataDir);
    const database = await startPGliteThread(pgliteDir);
    let counts: RestoreResult['counts'];
    try {
      await runStatements(database, file, say);
      counts = await countsOf(database);
    } finally {
      await database.close();
    }
    const secretFiles = secrets ? writeSecretFiles(dataDir, secrets) : [];
    return { secrets, secretFiles, counts } satisfies RestoreResult;
  } catch (error) {
    rmSync(pgliteDir, { recursive: true, force: true });
    throw error;
  } finally {
    leftovers.delete(pgliteDir);
    await claim.release();
  }
}

/** The restore fills an empty DATA_DIR only; `control` is the claim's own folder, empty when nobody holds it. */
function refuseUnlessEmpty(dataDir: string) {
  if (!existsSync(dataDir)) return;
  if (!statSync(dataDir).isDirectory()) throw new CommandError(`DATA_DIR ${dataDir} is not a folder.`, EXIT.refused);
  const entries = readdirSync(dataDir).filter((entry) => entry !== 'control');
  if (entries.length === 0) return;
  throw new CommandError(
    `DATA_DIR ${dataDir} is not empty (it holds ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}). ` +
      'A restore fills an empty DATA_DIR only: set DATA_DIR to a new folder, or move this one aside.',
    EXIT.refused,
  );
}

async function runStatements(database: PGliteThread, file: string, say: Say) {
  const size = statSync(file).size;
  say(`Restoring ${file} (${megabytes(size)})…`);
  const splitter = new SqlStatementSplitter();
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let batch = '';
  let reported = 0;
  const run = async () => {
    if (!batch) return;
    const statements = batch;
    batch = '';
    await database.exec(statements).catch((error: Error) => {
      throw new CommandError(`The backup could not be restored: ${error.message}`, EXIT.failed);
    });
  };
  const take = async (pieces: ReturnType<SqlStatementSplitter['push']>) => {
    for (const piece of pieces) {
      if (piece.kind === 'meta') {
        if (IGNORED_META.test(piece.text)) continue;
        throw new CommandError(`${file} uses psql's ${piece.text.split(/\s/)[0]}, which only psql runs.`, EXIT.refused);
      }
      if (COPY_FROM_STDIN.test(piece.text)) {
        throw new CommandError(
          `${file} holds COPY … FROM stdin data, which only psql loads: restore a file of npm run backup, or one made with pg_dump --inserts.`,
          EXIT.refused,
        );
      }
      batch += piece.text;
      if (batch.length >= BATCH_CHARS) await run();
    }
  };
  for await (const chunk of input) {
    await take(splitter.push(chunk as string));
    const percent = Math.floor((input.bytesRead / size) * 10) * 10;
    if (percent > reported && percent < 100) {
      reported = percent;
      say(`  ${percent}%`);
    }
  }
  await take(splitter.end());
  await run();
}

async function countsOf(database: PGliteThread): Promise<RestoreResult['counts']> {
  try {
    const { rows } = await database.query<{ users: number; leads: number }>(
      'SELECT (SELECT count(*) FROM public.users)::int AS users, (SELECT count(*) FROM public.leads)::int AS leads',
    );
    return rows[0];
  } catch {
    return null;
  }
}
