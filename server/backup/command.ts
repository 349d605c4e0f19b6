import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirFrom } from '../config';

/** Exit codes `npm run backup` and `npm run restore` keep, for scripts (docs/operations.md, Backups). */
export const EXIT = {
  done: 0,
  /** Something went wrong on the way (a disk, the dump, a statement of the backup): nothing usable was left. */
  failed: 1,
  /** Refused before starting: wrong arguments, a file that exists, a DATA_DIR that is not empty, … */
  refused: 2,
  /** DATA_DIR is held by a process that cannot take a backup now (a restore, another backup, an app starting). */
  busy: 3,
  interrupted: 130,
} as const;

/** A message for the person at the command line, and the exit code that goes with it. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Prints a line of progress. */
export type Say = (line: string) => void;

export const say: Say = (line) => console.log(line);

/**
 * The command line of a command: its options and positional arguments, or a refusal with the usage line. Paths
 * are the user's: `npm run` starts commands in the project's folder and says where the user was in INIT_CWD.
 */
export function commandLine<Options extends Record<string, { type: 'boolean' }>>(
  usage: string,
  options: Options,
): { values: { [name in keyof Options]?: boolean }; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true });
    return { values: values as { [name in keyof Options]?: boolean }, positionals };
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\nUsage: ${usage}`, EXIT.refused);
  }
}

/** DATA_DIR, whose embedded database the commands work on; refused when DATABASE_URL puts the data on a server. */
export function embeddedDataDir(onServer: string): string {
  if (process.env.DATABASE_URL) {
    throw new CommandError(
      `DATABASE_URL is set: LocalReach keeps its data on that PostgreSQL server. ${onServer}`,
      EXIT.refused,
    );
  }
  return dataDirFrom(process.env);
}

export const userPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** Files and folders a command is writing, removed when it is interrupted: nothing half written stays behind. */
export const leftovers = new Set<string>();

/** Runs a command: progress on stdout, the reason it stopped on stderr, and its exit code. */
export async function runCommand(main: () => Promise<void>): Promise<never> {
  // A backup, its temporary copy of the database and a restored DATA_DIR are the owner's only (decision 0057).
  process.umask(0o077);
  const interrupted = () => {
    for (const leftover of leftovers) rmSync(leftover, { recursive: true, force: true });
    console.error('Interrupted: nothing was kept.');
    process.exit(EXIT.interrupted);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await main();
    process.exit(EXIT.done);
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(EXIT.failed);
  }
}

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
