import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What DATA_DIR's files say about the PGlite database that releases before the embedded PostgreSQL server kept in
 * DATA_DIR/pglite (decision 0064). Only files are read here: `npm start` loads this module, and PGlite is no
 * dependency of the app any more, only of `npm run migrate-embedded`.
 */

export const MOVE_COMMAND = 'npm run migrate-embedded';

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
/** Written once every row has been moved and committed; its presence means the PGlite files are only a leftover. */
export const movedMarkerOf = (dataDir: string) => path.join(pgliteDirOf(dataDir), 'MOVED-TO-POSTGRES.txt');

export type PgliteState =
  | { state: 'none' }
  | { state: 'waiting'; pgliteDir: string; postgresMajor: string }
  | { state: 'moved'; pgliteDir: string; marker: string };

export function pgliteStateOf(dataDir: string): PgliteState {
  const pgliteDir = pgliteDirOf(dataDir);
  // PostgreSQL's own mark of a data directory; a pglite folder without it holds no database.
  const versionFile = path.join(pgliteDir, 'PG_VERSION');
  if (!existsSync(versionFile)) return { state: 'none' };
  if (existsSync(movedMarkerOf(dataDir))) {
    return { state: 'moved', pgliteDir, marker: readFileSync(movedMarkerOf(dataDir), 'utf8') };
  }
  return { state: 'waiting', pgliteDir, postgresMajor: readFileSync(versionFile, 'utf8').trim() };
}

/** DATA_DIR still holds the data of an earlier release in PGlite: the app starts once it has been moved. */
export class PgliteDatabaseWaitingError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `DATA_DIR ${dataDir} holds a PGlite database from an earlier release of LocalReach (${pgliteDirOf(dataDir)}), ` +
        'which this release no longer opens: it keeps its data in an embedded PostgreSQL server. ' +
        `Move your data to it once, with LocalReach stopped:\n  ${moveCommandFor(dataDir)}\n` +
        'Every row is moved and counted, and the PGlite files stay where they are until you delete them.',
    );
  }
}

/** The start's check (server/start.ts): refuses a DATA_DIR whose PGlite database has not been moved yet. */
export function refuseUnmovedPgliteDatabase(dataDir: string): void {
  if (pgliteStateOf(dataDir).state === 'waiting') throw new PgliteDatabaseWaitingError(dataDir);
}

/** The command line that moves this DATA_DIR, to copy and paste. */
export function moveCommandFor(dataDir: string): string {
  return `DATA_DIR=${shellWord(dataDir)} ${MOVE_COMMAND}`;
}

export type MoveSummary = { movedAt: Date; tables: number; rows: number; clusterDir: string };

/** Marks the PGlite database as moved, saying when, where its data went and what may now be deleted. */
export function writeMovedMarker(dataDir: string, summary: MoveSummary): void {
  const pgliteDir = pgliteDirOf(dataDir);
  writeFileSync(
    movedMarkerOf(dataDir),
    [
      `This PGlite database was moved to LocalReach's embedded PostgreSQL server on ${summary.movedAt.toISOString()}`,
      `by ${MOVE_COMMAND}: ${summary.rows.toLocaleString('en-US')} rows in ${summary.tables} tables, every one counted.`,
      `LocalReach now keeps its data in ${summary.clusterDir} and no longer reads this folder.`,
      'Once you have checked your data in LocalReach, delete this folder to free its space:',
      `  rm -rf ${shellWord(pgliteDir)}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
}

/** A path as one word of a POSIX shell, quoted only when it needs it. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
