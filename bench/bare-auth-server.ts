/**
 * The overhead bench's baseline (bench/overhead.ts): a bare Fastify server, no plugins, no logger, whose one route
 * answers GET /api/auth/user as the app does (the session cookie's HMAC, with `createHmac` as a plain route computes it
 * where the app gets the same digest faster: decision 0053; then the app's own session-and-user SELECT
 * through a plain `pg` pool of the app's size, the user as the app's JSON) and nothing else. Run as its own process
 * with DATABASE_URL, SESSION_SECRET and PORT; it tells its parent when it listens.
 */
import { createHmac } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { liveSessionUserQuery } from '../server/modules/auth/sessions.service';

/**
 * The text of the app's statement (server/modules/auth/sessions.service.ts), taken once at start from the query the
 * app prepares, so both sides run the same SELECT; its placeholders are $1 (token hash), $2 (now), $3 (idle since).
 */
const SESSION_USER_SQL = liveSessionUserQuery(drizzle.mock({ schema }) as unknown as Database).toSQL().sql;
const IDLE_MS = 7 * 24 * 60 * 60 * 1000;

type UserColumns = Record<string, unknown> & { trial_end_date: Date | null; created_at: Date };

/** The fields the app answers (server/modules/shared/user-dto.ts), from the row's columns. */
function userJson(row: UserColumns) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    industry: row.industry,
    service: row.service,
    preferredLocalClients: row.preferred_local_clients,
    subscriptionStatus: row.subscription_status,
    trialEndDate: row.trial_end_date?.toISOString() ?? null,
    isAdmin: row.is_admin,
    timezone: row.timezone,
    postalAddress: row.postal_address,
    bookingUrls: row.booking_urls,
    sendingWindow: { start: row.send_window_start, end: row.send_window_end, days: row.send_days },
    createdAt: row.created_at.toISOString(),
  };
}

async function main() {
  const secret = process.env.SESSION_SECRET ?? '';
  // The app's pool size (server/db/client.ts).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify();
  app.get('/api/auth/user', async (request, reply) => {
    const token = /(?:^|;\s*)lr_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!token) return reply.status(401).send({ message: 'Not signed in' });
    const tokenHash = createHmac('sha256', secret).update(token).digest('hex');
    const at = new Date();
    const { rows } = await pool.query<UserColumns>({
      name: 'session-user',
      text: SESSION_USER_SQL,
      values: [tokenHash, at, new Date(at.getTime() - IDLE_MS)],
    });
    if (rows.length === 0) return reply.status(401).send({ message: 'Not signed in' });
    return userJson(rows[0]);
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.send?.('listening');
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

await main();
