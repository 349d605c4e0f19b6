import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteDirOf } from '../db/client';
import { askDataDirHolder, claimDataDir, DataDirInUseError } from '../db/data-dir-claim';
import { copyDataFiles } from '../db/pglite-backup-tasks';
import { startPGliteThread } from '../db/pglite-thread';
import { type BackupSecrets, backupHeader } from './backup-header';
import { CommandError, EXIT, leftovers, type Say } from './command';

export type BackupOptions = {
  dataDir: string;
  file: string;
  /** DATA_DIR's secrets to carry in the file's header, or null to leave them out. */
  secrets: BackupSecrets | null;
  say: Say;
};

/** What `npm run backup` calls a backup when it is not given a file name: the moment it was taken, in UTC. */
export function defaultBackupName(now: Date): string {
  return `localreach-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.sql`;
}

/**
 * Writes pg_dump's plain SQL of the embedded database in DATA_DIR to `file` (decision 0039). The dump is made
 * from a copy of the database's files at one moment: copied by the running app when it holds DATA_DIR (its
 * database pauses for the copy only), else by this process while it holds DATA_DIR itself. The file appears
 * only when complete; until then it is FILE.partial.
 */
export async function takeBackup({ dataDir, file, secrets, say }: BackupOptions): Promise<{ bytes: number }> {
  if (!existsSync(pgliteDirOf(dataDir))) {
    throw new CommandError(
      `DATA_DIR ${dataDir} holds no embedded database (there is no ${pgliteDirOf(dataDir)}).`,
      EXIT.refused,
    );
  }
  if (existsSync(file)) throw new CommandError(`${file} already exists; choose another file name.`, EXIT.refused);
  if (!existsSync(path.dirname(file))) {
    throw new CommandError(`There is no folder ${path.dirname(file)} to write ${file} in.`, EXIT.refused);
  }
  const partial = `${file}.partial`;
  const workDir = mkdtempSync(path.join(tmpdir(), 'localreach-backup-'));
  leftovers.add(partial).add(workDir);
  try {
    const copy = path.join(workDir, 'pglite');
    await copyDatabase(dataDir, copy, say);
    say('Writing the dump…');
    const database = await startPGliteThread(copy);
    const header = backupHeader(dataDir, new Date(), secrets);
    const dumped = await database.backup({ kind: 'dump', file: partial, header }).finally(() => database.close());
    renameSync(partial, file);
    return { bytes: dumped.bytes ?? 0 };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    leftovers.delete(partial);
    leftovers.delete(workDir);
  }
}

/** Copies the database's files as they are at one moment, by the process that holds DATA_DIR or by this one. */
async function copyDatabase(dataDir: string, into: string, say: Say) {
  for (let attempt = 1; ; attempt++) {
    const answer = await askDataDirHolder(dataDir, { op: 'snapshot', into });
    if (answer?.ok) {
      say(`LocalReach is running (process ${answer.holder.pid}); it copied its database in ${answer.ms} ms.`);
      return;
    }
    if (answer?.busy) throw new CommandError(answer.message, EXIT.busy);
    if (answer) throw new CommandError(`LocalReach could not copy its database: ${answer.message}`, EXIT.failed);
    try {
      // Nobody holds DATA_DIR: hold it for the copy, so that no server opens the database meanwhile.
      const claim = await claimDataDir(dataDir, { purpose: 'a backup' });
      try {
        copyDataFiles(pgliteDirOf(dataDir), into);
      } finally {
        await claim.release();
      }
      say('LocalReach is not running; copied the database files.');
      return;
    } catch (error) {
      // A server started between the question and the claim: ask it.
      if (!(error instanceof DataDirInUseError) || attempt > 1) throw error;
    }
  }
}
