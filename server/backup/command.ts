import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Exit codes `npm run backup` and `npm run restore` keep, for scripts (docs/operations.md, Backups). */
export const EXIT = {
  done: 0,
  /** Something went wrong on the way (a disk, the database, a statement of the backup): nothing usable was left. */
  failed: 1,
  /** Refused before starting: wrong arguments, a file that exists, a DATA_DIR or database that is not empty, … */
  refused: 2,
  /** Another process holds what the command needs now (a restore under way, an app migrating): try again. */
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

export const userPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * What a command must undo when it is interrupted, newest first: files half written, a transaction to abandon,
 * an embedded server it started. Each registration answers the function that takes it back once done.
 */
const undoOnInterrupt: (() => unknown)[] = [];

export function onInterrupt(undo: () => unknown): () => void {
  undoOnInterrupt.push(undo);
  return () => {
    const at = undoOnInterrupt.indexOf(undo);
    if (at >= 0) undoOnInterrupt.splice(at, 1);
  };
}

/** Removes `file` (a file or a folder) if the command is interrupted while it is being written. */
export const removeOnInterrupt = (file: string) => onInterrupt(() => rmSync(file, { recursive: true, force: true }));

/** Runs a command: progress on stdout, the reason it stopped on stderr, and its exit code. */
export async function runCommand(main: () => Promise<void>): Promise<never> {
  // A backup and a restored DATA_DIR are the owner's only (decision 0057).
  process.umask(0o077);
  let interrupting: Promise<never> | null = null;
  const interrupted = () => {
    interrupting ??= (async () => {
      for (const undo of undoOnInterrupt.splice(0).reverse()) {
        try {
          await undo();
        } catch {
          // Undo what else there is.
        }
      }
      console.error('Interrupted: nothing was kept.');
      process.exit(EXIT.interrupted);
    })();
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await main();
    if (interrupting) await interrupting;
    process.exit(EXIT.done);
  } catch (error) {
    // The work fails as it is being undone (its connection closed): the interruption says how it ended.
    if (interrupting) await interrupting;
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
export const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
