import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded server could not be created, started or reached; the message says why, for the person starting. */
export class EmbeddedServerError extends Error {}

/** Whether a process lives (EPERM: it does, as another user's); a zombie, dead but not yet reaped, does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's (the server user's, when the app is root it can signal anyway).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** Linux's /proc says a process has ended but its parent has not collected it yet (a killed postmaster). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z';
  } catch {
    return false;
  }
}

/**
 * One process at a time creates or starts the server (web and worker processes starting together): a folder made
 * with mkdir holds the starter's pid; one left by a process that died is taken over.
 */
export async function underStartLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir, 'postgres-starting');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lock, { mode: 0o700 });
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileIfThere(path.join(lock, 'pid')));
      // A holder that died, or one that died between making the folder and writing its pid.
      if (holder ? !isAlive(holder) : Date.now() - mtimeOf(lock) > 5_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new EmbeddedServerError(
          `Another process (${holder || 'unknown'}) has been starting the embedded database for two minutes.`,
        );
      }
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function readFileIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const LOCK_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
