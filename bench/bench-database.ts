import { readFileSync } from 'node:fs';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for one bench run (on BENCH_DATABASE_URL's server): its URL, and how to drop it. */
export async function createBenchDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A field of /proc/<pid>/status in kB (VmHWM: the most resident memory the process has had). */
export function statusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/**
 * CPU time the server process has used (user + system, all its threads), in ms: per request, it does not depend on
 * what else the machine runs as much as requests/s does.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Samples a process's resident memory (VmRSS, all its threads) every 100 ms: `stop` answers the most seen and the last, in MB. */
export function watchRss(pid: number) {
  let mostKb = statusKb(pid, 'VmRSS');
  const timer = setInterval(() => {
    mostKb = Math.max(mostKb, statusKb(pid, 'VmRSS'));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      const endKb = statusKb(pid, 'VmRSS');
      return { peakMb: Math.max(mostKb, endKb) / 1024, endMb: endKb / 1024 };
    },
  };
}
