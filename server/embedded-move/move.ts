import { sql } from 'drizzle-orm';
import { CommandError, EXIT, onInterrupt, type Say, seconds } from '../backup/command';
import { migrateDatabase, openDatabase, queryRows } from '../db/client';
import { clusterDirOf } from '../db/embedded-postgres';
import {
  MOVE_COMMAND,
  type MoveSummary,
  movedMarkerOf,
  pgliteDirOf,
  pgliteStateOf,
  shellWord,
  writeMovedMarker,
} from './pglite-data-dir';
import { migrationLevelOf, openPgliteSource, type PgliteSource, releaseMigrations } from './pglite-source';
import { runningAppOn } from './running-app';
import { loadIntoServer } from './server-load';
import {
  type Fingerprint,
  fingerprintOf,
  inForeignKeyOrder,
  publicSequences,
  publicTables,
  rowsText,
} from './table-catalogue';

/** About this much of a table's size on disk is read from PGlite, held and sent to the server at a time. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/** Every release on PGlite used PGlite 0.5, whose PostgreSQL is 18; the move opens it with the same PGlite. */
const PGLITE_POSTGRES_MAJOR = '18';

export type MoveOptions = { dataDir: string; say: Say; now?: () => Date; chunkBytes?: number };

/**
 * `npm run migrate-embedded` (decision 0064): the PGlite database of an earlier release in DATA_DIR/pglite is
 * copied, once and whole, into the embedded PostgreSQL server in DATA_DIR/postgres. Its files stay where they are.
 */
export async function moveFromPglite(options: MoveOptions): Promise<MoveSummary> {
  const { dataDir, say } = options;
  const started = performance.now();
  const pgliteDir = pgliteDirOf(dataDir);
  const clusterDir = clusterDirOf(dataDir);
  const state = pgliteStateOf(dataDir);
  if (state.state === 'none') {
    throw new CommandError(
      `There is no PGlite database in ${pgliteDir}: nothing to move. LocalReach starts on DATA_DIR ${dataDir} as it is.`,
      EXIT.refused,
    );
  }
  if (state.state === 'moved') {
    throw new CommandError(
      `The PGlite database in ${pgliteDir} has already been moved (${movedMarkerOf(dataDir)}):\n${state.marker.trim()}`,
      EXIT.refused,
    );
  }
  const running = await runningAppOn(dataDir);
  if (running) {
    throw new CommandError(
      `${running} is running on DATA_DIR ${dataDir}. Stop it first, then run ${MOVE_COMMAND} again.`,
      EXIT.busy,
    );
  }
  if (state.postgresMajor !== PGLITE_POSTGRES_MAJOR) {
    throw new CommandError(
      `The PGlite database in ${pgliteDir} was written by PostgreSQL ${state.postgresMajor}; this move reads ` +
        `PostgreSQL ${PGLITE_POSTGRES_MAJOR}'s, as every release of LocalReach on PGlite wrote. Nothing was changed.`,
      EXIT.refused,
    );
  }

  say(`Moving the PGlite database in ${pgliteDir} to the embedded PostgreSQL server in ${clusterDir}`);
  const database = await openDatabase({ dataDir, log: say });
  // Interrupted, the server ends the transaction with its connection, and a server started here is stopped.
  const forgetInterrupt = onInterrupt(() => database.close());
  let source: PgliteSource | null = null;
  try {
    await migrateDatabase(database);
    const [{ users }] = await queryRows<{ users: number }>(database.db, sql`SELECT count(*)::int AS users FROM users`);
    if (users > 0) {
      throw new CommandError(
        `The embedded PostgreSQL server in ${clusterDir} already holds LocalReach data (${users} ${users === 1 ? 'user' : 'users'}), ` +
          `so the PGlite database in ${pgliteDir} was not moved over it. If that is the data you want, the PGlite ` +
          `database is a leftover: delete it (rm -rf ${shellWord(pgliteDir)}). To move the PGlite database instead, ` +
          `stop LocalReach, move ${clusterDir} out of DATA_DIR and run ${MOVE_COMMAND} again.`,
        EXIT.refused,
      );
    }

    say('Opening the PGlite database…');
    source = await openPgliteSource(pgliteDir);
    await bringUpToDate(source, pgliteDir, say);
    const tables = inForeignKeyOrder(await publicTables(source.query));
    const sequences = await publicSequences(source.query);
    say('Counting its rows…');
    const expected = new Map<string, Fingerprint>();
    for (const table of tables) expected.set(table.name, await fingerprintOf(source.query, table));
    const rows = [...expected.values()].reduce((sum, fingerprint) => sum + fingerprint.rows, 0);
    say(
      `${tables.length} tables, ${rowsText(rows)}. Copying them in one transaction: nothing is kept unless all arrive.`,
    );
    await loadIntoServer({
      connectionString: database.connectionString,
      source,
      tables,
      sequences,
      expected,
      chunkBytes: options.chunkBytes ?? CHUNK_BYTES,
      say,
    });
    for (const table of tables) say(`${table.name}: ${rowsText(expected.get(table.name)?.rows ?? 0)} moved`);
    const summary: MoveSummary = {
      movedAt: (options.now ?? (() => new Date()))(),
      tables: tables.length,
      rows,
      clusterDir,
    };
    writeMovedMarker(dataDir, summary);
    say(
      `Done: ${rowsText(rows)} in ${tables.length} tables moved and checked in ${seconds(performance.now() - started)}. ` +
        'Start LocalReach as before (npm start).',
    );
    say(
      `The PGlite database is still in ${pgliteDir}; LocalReach no longer reads it. Once you have checked your data, ` +
        `delete it: rm -rf ${shellWord(pgliteDir)}`,
    );
    return summary;
  } finally {
    forgetInterrupt();
    await source?.close().catch(() => {});
    await database.close();
  }
}

/** An earlier release's database gets the migrations it lacks first, as that release would at its next start. */
async function bringUpToDate(source: PgliteSource, pgliteDir: string, say: Say) {
  const level = await migrationLevelOf(source);
  if (!level) {
    throw new CommandError(
      `The PGlite database in ${pgliteDir} holds no LocalReach data: nothing to move.`,
      EXIT.refused,
    );
  }
  const release = releaseMigrations();
  if (level.latestWhen > release.latestWhen) {
    throw new CommandError(
      `The PGlite database in ${pgliteDir} was made by a newer release of LocalReach than this one: move it with that release.`,
      EXIT.refused,
    );
  }
  if (level.latestWhen < release.latestWhen) {
    say(`Bringing it up to date first (${level.applied} of ${release.count} migrations applied)…`);
    await source.migrate();
  }
}
