import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { SECRET_FILES } from '../config';
import { CommandError, EXIT } from './command';

/** DATA_DIR's secrets as a backup carries them (decision 0039); either may be missing. */
export type BackupSecrets = { sessionSecret?: string; encryptionKey?: string };

/** What the machine reads of a backup (decision 0063): the format and the last migration its database had. */
export type BackupFacts = { format: 2; migration: string; migrationAt: number; postgres: string };

/** The kinds of file a restore takes: this release's backups, and the pg_dump files of the PGlite era (0039). */
export type BackupKind = { kind: 'logical'; facts: BackupFacts } | { kind: 'pg_dump' };

const TITLE = '-- LocalReach backup ';
const SECRETS_LINE = '-- localreach-secrets ';
const FACTS_LINE = '-- localreach-backup ';
/** The last line of a complete backup: a file cut short (a copy that stopped) lacks it and is refused. */
export const END_LINE = '-- localreach-backup-end ';
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

/** The comment lines a backup starts with: what it is, how to restore it, the secrets unless left out, its facts. */
export function backupHeader(source: string, takenAt: Date, secrets: BackupSecrets | null, facts: BackupFacts): string {
  const lines = [
    `LocalReach backup of ${source}, taken ${takenAt.toISOString()} (the schema's migrations, then every table's rows).`,
    'Restore into an empty DATA_DIR:  DATA_DIR=/path/to/empty/dir npm run restore THIS_FILE',
    'Restore into an empty PostgreSQL database:  DATABASE_URL=postgres://user:password@host:5432/db npm run restore THIS_FILE',
    'Or load it with psql into an empty database:  psql -v ON_ERROR_STOP=1 --single-transaction -d DATABASE_URL -f THIS_FILE',
    secrets
      ? "The next line holds DATA_DIR's secrets (SESSION_SECRET, ENCRYPTION_KEY): keep this file as safe as a password."
      : "Made without DATA_DIR's secrets: keep SESSION_SECRET and ENCRYPTION_KEY (DATA_DIR's session-secret and encryption-key files) as well.",
  ];
  const secretsLine = secrets ? `${SECRETS_LINE}${JSON.stringify(secrets)}\n` : '';
  return `${lines.map((line) => `-- ${line}\n`).join('')}${secretsLine}${FACTS_LINE}${JSON.stringify(facts)}\n`;
}

/** The last line of a backup: how many tables and rows it holds, which a restore checks it loaded. */
export const backupEnd = (tables: number, rows: number) => `${END_LINE}${JSON.stringify({ tables, rows })}\n`;

export function readBackupEnd(line: string): { tables: number; rows: number } | null {
  if (!line.startsWith(END_LINE)) return null;
  try {
    return JSON.parse(line.slice(END_LINE.length)) as { tables: number; rows: number };
  } catch {
    return null;
  }
}

/** Checks that `file` is a LocalReach backup, and reads what kind it is and the secrets it carries (null: none). */
export async function readBackupHeader(file: string): Promise<BackupKind & { secrets: BackupSecrets | null }> {
  const handle = await open(file, 'r').catch(() => {
    throw new CommandError(`${file} cannot be read.`, EXIT.refused);
  });
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(16_384), position: 0 });
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    const lines = head.split('\n');
    const secretsLine = lines.find((text) => text.startsWith(SECRETS_LINE));
    const secrets = secretsLine ? (JSON.parse(secretsLine.slice(SECRETS_LINE.length)) as BackupSecrets) : null;
    const factsLine = lines.find((text) => text.startsWith(FACTS_LINE));
    if (head.startsWith(TITLE) && factsLine) {
      const facts = JSON.parse(factsLine.slice(FACTS_LINE.length)) as BackupFacts;
      if (facts.format !== 2) {
        throw new CommandError(
          `${file} is a LocalReach backup in a format this LocalReach does not know (${facts.format}): restore it with the release that made it.`,
          EXIT.refused,
        );
      }
      return { kind: 'logical', facts, secrets };
    }
    if (head.startsWith(TITLE) && head.includes(PG_DUMP_MARK)) return { kind: 'pg_dump', secrets };
    const dump = head.includes(PG_DUMP_MARK)
      ? ' It looks like a pg_dump file: load such a file with psql (psql -v ON_ERROR_STOP=1 --single-transaction -d DATABASE_URL -f FILE).'
      : '';
    throw new CommandError(
      `${file} is not a LocalReach backup: it does not start with the lines \`npm run backup\` writes.${dump}`,
      EXIT.refused,
    );
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
    if (existsSync(file)) continue;
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    written.push(file);
  }
  return written;
}

/**
 * DATA_DIR's secret files that differ from the backup's: with them the app could not read the restored mailbox
 * credentials nor sign the links of mails already sent, so a restore onto a server refuses them.
 */
export function conflictingSecretFiles(dataDir: string, secrets: BackupSecrets): string[] {
  return (Object.entries(SECRET_FILES) as [keyof BackupSecrets, string][]).flatMap(([key, name]) => {
    const file = path.join(dataDir, name);
    const value = secrets[key];
    if (!value || !existsSync(file)) return [];
    const found = readFileSync(file, 'utf8').trim();
    // The key is hex, in either case; the session secret is any text.
    const same = key === 'encryptionKey' ? found.toLowerCase() === value.toLowerCase() : found === value;
    return same ? [] : [file];
  });
}
