import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database (password hashes, sessions, mailbox credentials sealed with ENCRYPTION_KEY) and the
 * generated secrets that open them: it and everything in it are its owner's only, folders 0700 and files 0600
 * (decision 0057). The server runs with umask 077. The embedded PostgreSQL server's cluster (DATA_DIR/postgres)
 * is PostgreSQL's to keep so: it refuses to start on a cluster others may open. A root app runs that server as
 * the system user `postgres`, whose group may enter DATA_DIR (0710) to reach it (server/db/embedded-postgres.ts).
 */

/** Mode bits that let the group or anyone else read, write or enter. */
const OTHERS = 0o077;

/** Something in DATA_DIR other users of the machine can open; the message says which and the command that fixes it. */
export class DataDirOpenToOthersError extends Error {
  constructor(
    readonly dataDir: string,
    readonly found: OpenToOthers,
  ) {
    const what = found.path === dataDir ? `DATA_DIR ${dataDir}` : `${found.path} in DATA_DIR`;
    const others = found.count - 1;
    const more =
      others === 0 ? '' : others === 1 ? ', and so is one more file or folder in it' : `, and so are ${others} more`;
    super(
      `${what} is open to other users of this machine (mode ${octal(found.mode)})${more}. ` +
        'DATA_DIR holds the password hashes, mailbox credentials and the keys to them: ' +
        'it and everything in it must be yours only. ' +
        `Make it so with:\n  chmod -R go-rwx ${shellWord(dataDir)}`,
    );
  }
}

export type OpenToOthers = { path: string; mode: number; count: number };

/**
 * Makes sure DATA_DIR is its owner's only before anything is written to it, or throws DataDirOpenToOthersError.
 * A missing DATA_DIR is created 0700 (with any missing folder above it). An existing one that is still empty is
 * made 0700: nothing in it can have been read yet, and `mkdir` or a container volume makes folders 0755. One with
 * anything in it is refused when it, or anything in it, is open to others: its files may already have been read,
 * and the folder is the person's to change (chmod), not the app's.
 */
export function ensureOwnerOnlyDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(dataDir).mode & OTHERS) !== 0 && readdirSync(dataDir).length === 0) {
    try {
      chmodSync(dataDir, 0o700);
    } catch {
      // Not ours to change (another user's folder): the refusal below says what to do.
    }
  }
  const found = findOpenToOthers(dataDir);
  if (found) throw new DataDirOpenToOthersError(dataDir, found);
}

/**
 * The first path under DATA_DIR (itself included) whose mode lets the group or others in, and how many there are.
 * Everything is looked at, not only the top: an embedded database of a million leads is about a thousand files,
 * read in a few milliseconds. Symbolic links are not followed (their own mode means nothing). A file that goes
 * away meanwhile (PostgreSQL's temporary files) is passed over.
 */
export function findOpenToOthers(dataDir: string): OpenToOthers | null {
  let found: OpenToOthers | null = null;
  const note = (where: string, stats: Stats, allowed = 0) => {
    if ((stats.mode & OTHERS & ~allowed) === 0) return;
    if (found) found.count++;
    else found = { path: where, mode: stats.mode & 0o7777, count: 1 };
  };
  note(dataDir, statSync(dataDir), isRoot() ? SERVER_GROUP_ENTERS : 0);
  const folders = [dataDir];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const name of readdirIfThere(folder).sort()) {
      if (folder === dataDir && CLUSTER_FOLDERS.has(name)) continue;
      const entry = path.join(folder, name);
      const stats = lstatIfThere(entry);
      if (!stats || stats.isSymbolicLink()) continue;
      note(entry, stats);
      if (stats.isDirectory()) folders.push(entry);
    }
  }
  return found;
}

/** The embedded server's cluster, as it is and while it is being made. */
const CLUSTER_FOLDERS = new Set(['postgres', 'postgres.partial']);
/** The group's right to enter (not list) DATA_DIR, which a root app gives the embedded server's user. */
const SERVER_GROUP_ENTERS = 0o010;
const isRoot = () => process.getuid?.() === 0;

function readdirIfThere(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function lstatIfThere(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const octal = (mode: number) => `0${mode.toString(8)}`;

/** A path as a shell word the person can paste: quoted when it holds anything but plain characters. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
