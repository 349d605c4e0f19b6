import pg from 'pg';
import { expect } from 'vitest';
import { openDatabase } from '../db/client';
import { validRegistration } from '../test/app';
import { schemaDefinitions, tableContents } from '../test/database-contents';
import { seedSentEmails } from '../test/seed-sent-emails';

/** What the backup tests share: the app over HTTP, and a database's contents as a backup must keep them. */

export function api(port: number, cookie: string) {
  return async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

export async function register(port: number, email: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validRegistration(email)),
  });
  expect(response.status).toBe(201);
  return response.headers.get('set-cookie')?.split(';')[0] ?? '';
}

export async function signsIn(port: number, email: string): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse' }),
  });
  return response.status === 200;
}

/** Leads whose values hold what a dump must carry through: quotes, tabs, new lines, backslashes, other scripts. */
export const awkwardLeads = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    Email: `${prefix}-${i}@backup.test`,
    'First Name': i % 3 === 0 ? `Zoë "${i}"` : `Lead\\${i}; it's`,
    Company: `Firm\t${i}\nsecond line \\. ${'数据'.repeat(i % 4)}`,
  }));

/** Runs `work` on the embedded database in DATA_DIR: the running one, or one started for it and stopped after. */
export async function inDataDir<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir, poolSize: 1 });
  const client = new pg.Client({ connectionString: handle.connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
    await handle.close();
  }
}

export async function inDatabase<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const inBackup = (name: string) => name.startsWith('public.') || name.startsWith('drizzle.');

/**
 * What a backup keeps of a database: every row of every table of the app's schema and of Drizzle's journal (read
 * with timestamps in UTC), and the app's functions, triggers, indexes, constraints, views and sequence positions.
 * pg-boss's schema is not kept (decision 0063).
 */
export async function backedUpContents(client: pg.Client) {
  await client.query("SET TIME ZONE 'UTC'");
  const tables = new Map([...(await tableContents(client)).entries()].filter(([name]) => inBackup(name)));
  const definitions = (await schemaDefinitions(client)).filter((definition) => !definition.includes('pgboss.'));
  return { tables, definitions };
}

/** Each table's row count, for messages that say which table differs. */
export const rowCounts = (tables: Map<string, string[]>) =>
  Object.fromEntries([...tables.entries()].map(([name, rows]) => [name, rows.length]));

/** The kept lead counts beside the real ones, per user: the triggers that keep them must not count twice. */
export async function leadCountsBesideLeads(client: pg.Client) {
  const { rows } = await client.query<{ kept: number; counted: number }>(
    `SELECT c.total AS kept, (SELECT count(*)::int FROM public.leads l WHERE l.user_id = c.user_id) AS counted
     FROM public.lead_counts c ORDER BY c.user_id`,
  );
  return rows;
}

/**
 * Sent mails to the first `count` leads, every `repliedEvery`th one replied: rows that the triggers keep rollups and
 * lead flags of.
 */
export async function sendSomeMails(
  database: { databaseUrl: string } | { dataDir: string },
  count: number,
  repliedEvery: number,
) {
  const handle = await openDatabase({ ...database, poolSize: 1 });
  try {
    const { rows } = await handle.pool.query<{ id: number; user_id: string }>(
      'SELECT id, user_id FROM leads ORDER BY id LIMIT $1',
      [count],
    );
    await seedSentEmails(
      handle.db,
      rows[0].user_id,
      rows.map((lead, i) => ({
        leadId: lead.id,
        subject: `Mail ${i}`,
        repliedAt: i % repliedEvery === 0 ? new Date() : null,
      })),
    );
  } finally {
    await handle.close();
  }
}
