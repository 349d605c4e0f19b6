/** `npm run migrate-embedded`: moves the PGlite database of an earlier release in DATA_DIR to the embedded server. */
import { CommandError, commandLine, EXIT, runCommand, say } from '../backup/command';
import { dataDirFrom } from '../config';
import { moveFromPglite } from './move';
import { MOVE_COMMAND } from './pglite-data-dir';

const USAGE = `DATA_DIR=… ${MOVE_COMMAND}`;

await runCommand(async () => {
  const { positionals } = commandLine(USAGE, {});
  if (positionals.length > 0) throw new CommandError(`It takes no arguments.\nUsage: ${USAGE}`, EXIT.refused);
  if (process.env.DATABASE_URL) {
    throw new CommandError(
      `DATABASE_URL is set, but ${MOVE_COMMAND} moves a PGlite DATA_DIR into the embedded PostgreSQL server only. ` +
        'Run it without DATABASE_URL to move the data there; then, to have it on your server, take a backup ' +
        '(npm run backup, without DATABASE_URL) and restore that with DATABASE_URL set (npm run restore FILE).',
      EXIT.refused,
    );
  }
  const dataDir = dataDirFrom(process.env);
  // Smaller chunks let a test exercise a table read in many chunks without writing megabytes of rows first.
  const chunkBytes = Number(process.env.MIGRATE_EMBEDDED_CHUNK_BYTES) || undefined;
  await moveFromPglite({ dataDir, say, chunkBytes });
});
