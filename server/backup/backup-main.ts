/** `npm run backup [FILE]`: a logical backup of LocalReach's database (decision 0063), whether the app runs or not. */
import { defaultBackupName, takeBackup } from './backup';
import { secretsInEffect } from './backup-header';
import { CommandError, commandLine, count, EXIT, megabytes, runCommand, say, seconds, userPath } from './command';
import { databaseTarget, describeTarget } from './database-target';

const USAGE = 'npm run backup [FILE]   (leaving the secrets out: npm run backup -- --without-secrets [FILE])';

await runCommand(async () => {
  const { values, positionals } = commandLine(USAGE, { 'without-secrets': { type: 'boolean' } });
  if (positionals.length > 1) throw new CommandError(`One file at most.\nUsage: ${USAGE}`, EXIT.refused);
  const started = performance.now();
  const target = databaseTarget(process.env);
  const file = userPath(positionals[0] ?? defaultBackupName(new Date()));
  say(`Backing up ${describeTarget(target)}`);
  const secrets = values['without-secrets'] ? null : secretsInEffect(process.env, target.dataDir);
  const { bytes, tables, rows } = await takeBackup({ target, file, secrets, say });
  say(
    `Backup written: ${file} (${megabytes(bytes)}, ${count(rows, 'row')} in ${count(tables, 'table')}) in ${seconds(performance.now() - started)}.`,
  );
  say(
    secrets
      ? "It holds DATA_DIR's secrets (SESSION_SECRET, ENCRYPTION_KEY) as well as all the data: keep it as safe as a password."
      : `It holds no secrets: keep SESSION_SECRET and ENCRYPTION_KEY (${target.dataDir}/session-secret and encryption-key) safe on their own; without them mailboxes must be connected again and links in mails already sent stop working.`,
  );
});
