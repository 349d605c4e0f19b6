/** `npm run restore FILE`: a backup of `npm run backup` into an empty DATA_DIR, or an empty database at DATABASE_URL. */
import { CommandError, commandLine, count, EXIT, runCommand, say, seconds, userPath } from './command';
import { databaseTarget, describeTarget } from './database-target';
import { restoreBackup } from './restore';

/** What the person must know about the secrets the restored data needs. */
function secretWarnings(secrets: { sessionSecret?: string; encryptionKey?: string } | null, env: NodeJS.ProcessEnv) {
  if (!secrets) {
    return [
      'This backup holds no secrets: before starting, copy session-secret and encryption-key from the old DATA_DIR into the new one (or set SESSION_SECRET and ENCRYPTION_KEY as before). Without them mailboxes must be connected again and links in mails already sent stop working.',
    ];
  }
  const warnings: string[] = [];
  if (
    env.ENCRYPTION_KEY &&
    secrets.encryptionKey &&
    env.ENCRYPTION_KEY.toLowerCase() !== secrets.encryptionKey.toLowerCase()
  ) {
    warnings.push(
      "ENCRYPTION_KEY in this environment is not the backup's: LocalReach uses the environment's, and cannot read the mailbox credentials of the backup. Unset it or set it to the backup's key.",
    );
  }
  if (env.SESSION_SECRET && secrets.sessionSecret && env.SESSION_SECRET !== secrets.sessionSecret) {
    warnings.push(
      "SESSION_SECRET in this environment is not the backup's: links in mails already sent (unsubscribe, tracking) stop working. Unset it or set it to the backup's secret.",
    );
  }
  return warnings;
}

const USAGE =
  'npm run restore FILE   (into DATA_DIR, which must be empty; with DATABASE_URL, into that empty database)';

await runCommand(async () => {
  const { positionals } = commandLine(USAGE, {});
  if (positionals.length !== 1) throw new CommandError(`Which backup?\nUsage: ${USAGE}`, EXIT.refused);
  const started = performance.now();
  const target = databaseTarget(process.env);
  const file = userPath(positionals[0]);
  const { secrets, secretFiles, counts } = await restoreBackup({ target, file, say });
  const holding = counts ? `: ${count(counts.users, 'user')}, ${count(counts.leads, 'lead')}` : '';
  const where = target.kind === 'embedded' ? target.dataDir : describeTarget(target);
  say(`Restored into ${where} in ${seconds(performance.now() - started)}${holding}.`);
  if (secretFiles.length > 0) say(`The backup's secrets are in ${secretFiles.join(' and ')}.`);
  for (const warning of secretWarnings(secrets, process.env)) console.warn(warning);
  say(
    target.kind === 'embedded'
      ? `Start LocalReach on it: DATA_DIR=${target.dataDir} npm start`
      : `Start LocalReach on it with the same DATABASE_URL and DATA_DIR=${target.dataDir}: npm start`,
  );
});
