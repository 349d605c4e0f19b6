/**
 * The overhead bench's baseline (bench/overhead.ts): a bare Fastify server, no plugins, no logger, whose one route
 * answers GET /api/auth/user as the app does (the session cookie's HMAC, then the session row and its user in one
 * SELECT through a plain `pg` pool of the app's size, the user as JSON) and nothing else. Run as its own process with
 * DATABASE_URL, SESSION_SECRET and PORT; it tells its parent when it listens.
 */
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

/** The app's session look-up (server/modules/auth/sessions.service.ts), written out. */
const SESSION_USER_SQL = `
  SELECT u.id, u.email, u.first_name, u.last_name, u.company_name, u.industry, u.service,
         u.preferred_local_clients, u.subscription_status, u.trial_end_date, u.subscription_period_end,
         u.is_admin, u.timezone, u.postal_address, u.created_at, s.last_seen_at
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`;
const IDLE_MS = 7 * 24 * 60 * 60 * 1000;

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
    const { rows } = await pool.query({
      name: 'session-user',
      text: SESSION_USER_SQL,
      values: [tokenHash, at, new Date(at.getTime() - IDLE_MS)],
    });
    if (rows.length === 0) return reply.status(401).send({ message: 'Not signed in' });
    return rows[0];
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
