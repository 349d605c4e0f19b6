import type { PgBoss } from 'pg-boss';
import type { SessionsService } from '../modules/auth/sessions.service';

export const EXPIRE_SESSIONS_QUEUE = 'sessions.expire';

type Logger = { info(message: string): void };

/** Registers every job handler and cron schedule. Later features add their queues here. */
export async function registerWorkers(boss: PgBoss, deps: { sessions: SessionsService; log: Logger }) {
  await boss.createQueue(EXPIRE_SESSIONS_QUEUE);
  await boss.schedule(EXPIRE_SESSIONS_QUEUE, '*/15 * * * *');
  await boss.work(EXPIRE_SESSIONS_QUEUE, async () => {
    const removed = await deps.sessions.deleteExpired();
    if (removed > 0) deps.log.info(`Removed ${removed} expired session(s)`);
    return { removed };
  });
}
