import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { clusterDirOf } from '../db/embedded-postgres';

/**
 * The PostgreSQL processes of the embedded cluster in a DATA_DIR, for tests that kill them and must leave none
 * behind. Every process of a cluster works in its directory (PostgreSQL changes into it at start), so they are
 * found by their working directory, also the backends a SIGKILLed postmaster leaves for a moment.
 */

/** The postmaster's pid as its postmaster.pid says (line 1), while that process runs. */
export function postmasterPidIn(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isRunning(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Whether a process runs: a zombie (dead, not yet reaped by its parent) does not. */
export function isRunning(pid: number): boolean {
  try {
    // The state follows the command name, which is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Pids of the running processes whose working directory is the cluster's. */
export function clusterProcessesIn(dataDir: string): number[] {
  let cluster: string;
  try {
    cluster = realpathSync(clusterDirOf(dataDir));
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === cluster && isRunning(Number(entry))) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or another user's (then not our server's).
    }
  }
  return pids;
}

/**
 * Stops the cluster's server if one runs (fast shutdown, SIGINT, as the app stops it), then kills whatever process
 * of the cluster is left (backends of a postmaster killed before), and answers once none runs.
 */
export async function stopClusterProcesses(dataDir: string, timeoutMs = 30_000): Promise<void> {
  const postmaster = postmasterPidIn(dataDir);
  if (postmaster) {
    signal(postmaster, 'SIGINT');
    await until(() => !isRunning(postmaster), timeoutMs);
  }
  for (let round = 0; ; round++) {
    const left = clusterProcessesIn(dataDir);
    if (left.length === 0) return;
    if (round === 5)
      throw new Error(`PostgreSQL processes ${left.join(', ')} of ${clusterDirOf(dataDir)} outlive SIGKILL`);
    for (const pid of left) signal(pid, 'SIGKILL');
    await until(() => left.every((pid) => !isRunning(pid)), 5_000);
  }
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // Ended meanwhile.
  }
}

async function until(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}
