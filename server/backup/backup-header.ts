import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { SECRET_FILES } from '../config';
import { CommandError, EXIT } from './command';

/** DATA_DIR's secrets as a backup carries them (decision 0039); either may be missing. */
export type BackupSecrets = { sessionSecret?: string; encryptionKey?: string };

const SECRETS_LINE = '-- localreach-secrets ';
const PG_DUMP_MARK = '-- PostgreSQL database dump';

/** The secrets the app uses with this DATA_DIR: the environment's, else the ones generated into DATA_DIR. */
export function secretsInEffect(env: NodeJS.ProcessEnv, dataDir: string): BackupSecrets | null {
  const fromFile = (name: string) => {
    const file = path.join(dataDir, name);
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
  };
  const sessionSecret = env.SESSION_SECRET || fromFile(SECRET_FILES.sessionSecret);
  const encryptionKey = env.ENCRYPTION_KEY || fromFile(SECRET_FILES.encryptionKey);
  return sessionSecret || encryptionKey ? { sessionSecret, encryptionKey } : null;
}

/** The comment lines a backup starts with: what it is, how to load it, and the secrets unless left out. */
export function backupHeader(dataDir: string, takenAt: Date, secrets: BackupSecrets | null): string {
  const lines = [
    `LocalReach backup of the embedded database in ${dataDir}, taken ${takenAt.toISOString()} (pg_dump, plain SQL).`,
    'Restore into an empty DATA_DIR:  DATA_DIR=/path/to/empty/dir npm run restore THIS_FILE',
    'Load into PostgreSQL (empty database):  psql -v ON_ERROR_STOP=1 --single-transaction -d DATABASE_URL -f THIS_FILE',
    secrets
      ? "The next line holds DATA_DIR's secrets (SESSION_SECRET, ENCRYPTION_KEY): keep this file as safe as a password."
      : "Made without DATA_DIR's secrets: keep SESSION_SECRET and ENCRYPTION_KEY (DATA_DIR's session-secret and encryption-key files) as well.",
  ];
  const secretsLine = secrets ? `${SECRETS_LINE}${JSON.stringify(secrets)}\n` : '';
  return `${lines.map((line) => `-- ${line}\n`).join('')}${secretsLine}`;
}

/** Checks that `file` is pg_dump's plain SQL and reads the secrets a LocalReach backup carries (null: none). */
export async function readBackupHeader(file: string): Promise<{ secrets: BackupSecrets | null }> {
  const handle = await open(file, 'r').catch(() => {
    throw new CommandError(`${file} cannot be read.`, EXIT.refused);
  });
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(16_384), position: 0 });
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    if (!head.includes(PG_DUMP_MARK)) {
      throw new CommandError(
        `${file} is not a backup: LocalReach restores the plain SQL files \`npm run backup\` (pg_dump) writes.`,
        EXIT.refused,
      );
    }
    const line = head.split('\n').find((text) => text.startsWith(SECRETS_LINE));
    return { secrets: line ? (JSON.parse(line.slice(SECRETS_LINE.length)) as BackupSecrets) : null };
  } finally {
    await handle.close();
  }
}

/** Writes the secrets into DATA_DIR where the app looks for them (owner-only); answers the files written. */
export function writeSecretFiles(dataDir: string, secrets: BackupSecrets): string[] {
  const written: string[] = [];
  for (const [key, name] of Object.entries(SECRET_FILES) as [keyof BackupSecrets, string][]) {
    const value = secrets[key];
    if (!value) continue;
    const file = path.join(dataDir, name);
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    written.push(file);
  }
  return written;
}
