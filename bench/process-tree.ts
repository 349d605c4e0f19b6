import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clusterDirOf } from '../server/db/embedded-postgres';

/**
 * The memory of the app as a user sees it: the app's process, its children, and the embedded PostgreSQL server it
 * started (detached, so found through DATA_DIR/postgres/postmaster.pid) with every process of that server. Each
 * counts its proportional set size (/proc/<pid>/smaps_rollup `Pss:`), so pages the processes share, PostgreSQL's
 * shared buffers above all, count once in the sum.
 */

/** Parent pid of every process now, read from /proc/<pid>/stat (field 4, after the command's parentheses). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // It ended while the list was read.
    }
  }
  return parentOf;
}

function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The app's pid, its descendants, and (with `dataDir`) the embedded server's postmaster and its descendants. */
export function treePids(appPid: number, dataDir?: string): number[] {
  const parentOf = parents();
  const roots = [appPid];
  const postmaster = dataDir ? postmasterPid(dataDir) : null;
  if (postmaster && parentOf.has(postmaster)) roots.push(postmaster);
  const found = new Set(roots.filter((pid) => parentOf.has(pid)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!found.has(pid) && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** A process's proportional set size in kB; 0 when it has ended. */
export function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The tree's memory now, in MB, and how many processes it has. */
export function treeMemory(appPid: number, dataDir?: string): { mb: number; processes: number } {
  const pids = treePids(appPid, dataDir);
  return { mb: pids.reduce((sum, pid) => sum + pssKb(pid), 0) / 1024, processes: pids.length };
}

/**
 * Samples the tree's memory every 250 ms until `stop`, which answers the most seen and the last, in MB. `pause`
 * leaves moments out (the bench's own baseline work on the same server).
 */
export function watchTree(appPid: number, dataDir?: string) {
  let peakMb = 0;
  let mostProcesses = 0;
  let paused = false;
  const sample = () => {
    if (paused) return;
    const now = treeMemory(appPid, dataDir);
    peakMb = Math.max(peakMb, now.mb);
    mostProcesses = Math.max(mostProcesses, now.processes);
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      sample();
    },
    stop() {
      sample();
      clearInterval(timer);
      const end = treeMemory(appPid, dataDir);
      return { peakMb: Math.max(peakMb, end.mb), endMb: end.mb, mostProcesses };
    },
  };
}
