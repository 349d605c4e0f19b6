/**
 * How fast the server's workers deliver a backlog of webhook events, and what each delivery costs: `count` events
 * queued at once (one transaction, as the emitter queues them with a change, each about a lead of its own), timed
 * until every delivery row is delivered, with the CPU time the app and the embedded PostgreSQL server used and what
 * the database's sessions were doing meanwhile (pg_stat_activity sampled every 20 ms: a poor man's profile of the
 * queue's fetches and the deliveries' statements). For bench/webhooks.ts, to explain a delay it measures.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import type { Container } from '../server/container';
import type { DatabaseHandle } from '../server/db/client';
import { treePids } from './process-tree';

/** CPU time (user + system) of a process in ms; 0 when it has ended. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of the app's process, and of the rest of its tree (the embedded server's processes), in ms. */
export function treeCpuMs(appPid: number, dataDir: string | undefined) {
  const others = treePids(appPid, dataDir).filter((pid) => pid !== appPid);
  return { app: processCpuMs(appPid), database: others.reduce((sum, pid) => sum + processCpuMs(pid), 0) };
}

/** A statement seen in pg_stat_activity, and the share of samples it was seen in (over 1: several sessions at once). */
export type Busiest = { statement: string; share: number }[];

/**
 * Samples what the database's client sessions other than the sampler's are doing, every 20 ms, until `stop`: the
 * statements most often seen running or waiting (with what they wait on), with their share of samples.
 */
export function sampleActivity(handle: DatabaseHandle) {
  const samples = new Map<string, number>();
  let sampleCount = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const active = await handle.pool.query<{ statement: string }>(
        `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90)
           || CASE WHEN wait_event IS NULL THEN '' ELSE ' [' || wait_event_type || ': ' || wait_event || ']' END
           AS statement
         FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state NOT IN ('idle')
           AND backend_type = 'client backend'`,
      );
      sampleCount += 1;
      for (const { statement } of active.rows) samples.set(statement, (samples.get(statement) ?? 0) + 1);
      await delay(20);
    }
  })();
  return {
    async stop(top = 8): Promise<Busiest> {
      running = false;
      await loop;
      return [...samples]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([statement, n]) => ({ statement, share: n / Math.max(1, sampleCount) }));
    },
  };
}

/** Prints what `sampleActivity` found. */
export function printBusiest(title: string, busiest: Busiest) {
  console.log(`${title} (busiest statements, share of pg_stat_activity samples):`);
  for (const { statement, share } of busiest) console.log(`  ${(share * 100).toFixed(0).padStart(4)}%  ${statement}`);
}

export type Drain = {
  count: number;
  seconds: number;
  perSecond: number;
  appCpuMsEach: number;
  databaseCpuMsEach: number;
  /** The statements most often seen running or waiting, with their share of samples. */
  busiest: Busiest;
};

export async function measureDrain(input: {
  handle: DatabaseHandle;
  container: Container;
  userId: string;
  leadIds: number[];
  appPid: number;
  treeDataDir: string | undefined;
  count: number;
}): Promise<Drain> {
  const { handle, container, userId, leadIds, appPid, treeDataDir, count } = input;
  const email = { id: 1, campaignId: 1, step: 1, leadId: null, to: 'lead@leads.test', subject: 'Hello' };
  const before = await delivered(handle, userId);
  const cpuBefore = treeCpuMs(appPid, treeDataDir);
  const started = performance.now();
  await handle.db.transaction(async (tx) => {
    await container.services.webhookEvents.emit(
      tx,
      Array.from({ length: count }, (_, i) => ({
        userId,
        type: 'email.opened' as const,
        leadId: leadIds[i % leadIds.length],
        data: { email, openedAt: new Date().toISOString() },
      })),
    );
  });
  const activity = sampleActivity(handle);
  const deadline = Date.now() + 10 * 60_000;
  while ((await delivered(handle, userId)) - before < count) {
    if (Date.now() > deadline) throw new Error('the backlog was not delivered in 10 minutes');
    await delay(200);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = treeCpuMs(appPid, treeDataDir);
  const busiest = await activity.stop();
  return {
    count,
    seconds,
    perSecond: count / seconds,
    appCpuMsEach: (cpuAfter.app - cpuBefore.app) / count,
    databaseCpuMsEach: (cpuAfter.database - cpuBefore.database) / count,
    busiest,
  };
}

async function delivered(handle: DatabaseHandle, userId: string): Promise<number> {
  const result = await handle.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_deliveries WHERE user_id = $1 AND status = 'delivered'`,
    [userId],
  );
  return result.rows[0].n;
}
