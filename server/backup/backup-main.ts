/** `npm run backup [FILE]`: pg_dump's plain SQL of the embedded database, whether LocalReach runs or not. */
import { defaultBackupName, takeBackup } from './backup';
import { secretsInEffect } from './backup-header';
import {
  CommandError,
  commandLine,
  EXIT,
  embeddedDataDir,
  megabytes,
  runCommand,
  say,
  seconds,
  userPath,
} from './command';

const USAGE = 'npm run backup [FILE]   (leaving the secrets out: npm run backup -- --without-secrets [FILE])';

await runCommand(async () => {
  const { values, positionals } = commandLine(USAGE, { 'without-secrets': { type: 'boolean' } });
  if (positionals.length > 1) throw new CommandError(`One file at most.\nUsage: ${USAGE}`, EXIT.refused);
  const started = performance.now();
  const dataDir = embeddedDataDir(
    "Back it up with that server's own pg_dump; npm run backup is for the embedded database in DATA_DIR.",
  );
  const file = userPath(positionals[0] ?? defaultBackupName(new Date()));
  say(`Backing up the embedded database in ${dataDir}`);
  const secrets = values['without-secrets'] ? null : secretsInEffect(process.env, dataDir);
  const { bytes } = await takeBackup({ dataDir, file, secrets, say });
  say(`Backup written: ${file} (${megabytes(bytes)}) in ${seconds(performance.now() - started)}.`);
  say(
    secrets
      ? "It holds DATA_DIR's secrets (SESSION_SECRET, ENCRYPTION_KEY) as well as all the data: keep it as safe as a password."
      : `It holds no secrets: keep SESSION_SECRET and ENCRYPTION_KEY (${dataDir}/session-secret and encryption-key) safe on their own; without them mailboxes must be connected again and links in mails already sent stop working.`,
  );
});
