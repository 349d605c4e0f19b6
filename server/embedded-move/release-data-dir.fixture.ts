import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { appRoot } from '../lib/app-root';
import { pgliteDirOf } from './pglite-data-dir';

/**
 * A DATA_DIR as the releases on PGlite left it, for the move's tests: DATA_DIR/pglite made by PGlite 0.5 with
 * drizzle's PGlite migrator (what those releases ran at each start), its secrets beside it, and rows written with
 * SQL through PGlite, so the migrations' triggers keep their counters and rollups as the app's writes did.
 */
export async function makeReleaseDataDir(options: {
  /** Only the first this many migrations: a DATA_DIR of an older release. */
  migrations?: number;
  rows(pglite: PGlite): Promise<void>;
}): Promise<ReleaseDataDir> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-pglite-release-'));
  writeFileSync(path.join(dataDir, 'session-secret'), `${'ab'.repeat(32)}\n`, { mode: 0o600 });
  writeFileSync(path.join(dataDir, 'encryption-key'), `${'cd'.repeat(32)}\n`, { mode: 0o600 });
  mkdirSync(pgliteDirOf(dataDir), { mode: 0o700 });
  // As the releases ran PGlite (decision 0034): without it, V8's optimising compiler takes about 600 MB of the
  // test process for a moment.
  setFlagsFromString('--wasm-tier-up-filter=0');
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pglite = new PGlite(pgliteDirOf(dataDir), { extensions: { pg_trgm } });
  let contents: Contents;
  let sequences: Record<string, number>;
  const migrations = migrationsFolder(options.migrations);
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder: migrations.folder });
    await options.rows(pglite);
    contents = await contentsOf((text) => pglite.query(text));
    const { rows } = await pglite.query<{ name: string; last: number }>(
      "SELECT sequencename AS name, last_value::int AS last FROM pg_sequences WHERE schemaname = 'public'",
    );
    sequences = Object.fromEntries(rows.map((row) => [row.name, row.last]));
  } finally {
    await pglite.close();
    migrations.remove();
  }
  // The releases' file layer took the group's and others' bits off every mode PGlite asked for (decision 0057);
  // PGlite by itself makes the files of a new database 0666.
  ownerOnly(pgliteDirOf(dataDir));
  return { dataDir, contents, sequences };
}

export type Contents = Record<string, string[]>;
/** The DATA_DIR, what its tables held when it was made, and the last value each sequence gave. */
export type ReleaseDataDir = { dataDir: string; contents: Contents; sequences: Record<string, number> };

function ownerOnly(folder: string) {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) ownerOnly(file);
    else chmodSync(file, 0o600);
  }
}

/** The repository's migrations, or a copy holding only the first `count` of them (removed once used). */
function migrationsFolder(count?: number): { folder: string; remove(): void } {
  const all = path.join(appRoot, 'server/db/migrations');
  if (count === undefined) return { folder: all, remove() {} };
  const folder = mkdtempSync(path.join(tmpdir(), 'lr-older-migrations-'));
  cpSync(all, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export const OWNER_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_ID = '22222222-2222-4222-8222-222222222222';
/** The owner's leads: 2,500 generated, one deleted, one with odd values added. */
export const OWNER_LEADS = 2_500;
export const OTHER_LEADS = 5;

/**
 * Rows in every table of the current schema, with the values that are easy to lose on the way: tabs, newlines,
 * backslashes and quotes, other scripts, NULLs, JSON, arrays, numerics, floats and microseconds. The owner has
 * enough leads for the lead list's bookmarks (one per 1,000); the newest lead is deleted, so the next id is past
 * every id in the table.
 */
export async function writeReleaseRows(pglite: PGlite, ownerPasswordHash: string): Promise<void> {
  await pglite.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, company_name, timezone, booking_urls,
                        send_days, is_admin, trial_end_date)
     VALUES ($1, 'owner@example.com', $2, E'Zoë\\tTab', E'O''Brien \\\\ back', 'Ünïcode GmbH 😀', 'Europe/Berlin',
             ARRAY['https://cal.example/meet', 'https://cal.example/a,b'], '{1,2,3,4,5}', true,
             '2026-12-31 23:59:59.123456+00'),
            ($3, 'other@example.com', 'not-a-hash', NULL, NULL, NULL, 'UTC', DEFAULT, DEFAULT, false, DEFAULT)`,
    [OWNER_ID, ownerPasswordHash, OTHER_ID],
  );
  await pglite.exec(`
    INSERT INTO provider_connections (user_id, provider, email, credentials)
      VALUES ('${OWNER_ID}', 'smtp', 'owner@example.com', 'sealed:v1:abc==');
    INSERT INTO email_accounts (user_id, connection_id, email, display_name, dkim_selectors, health)
      VALUES ('${OWNER_ID}', 1, 'owner@example.com', 'Owner', ARRAY['s1', 's2'], '{"spf": "pass", "score": 0.75}');
    INSERT INTO templates (user_id, name, subject, body, attachments)
      VALUES ('${OWNER_ID}', 'First', 'Hello {{firstName}}', E'Line one\\nLine two\\t\\\\ end', '[]'),
             ('${OWNER_ID}', 'Second', 'Again', 'Body', DEFAULT);
    INSERT INTO leads (user_id, email, first_name, last_name, company, status, custom_fields, created_at)
      SELECT '${OWNER_ID}', 'lead' || g || '@example.com', 'First' || g, CASE WHEN g % 7 = 0 THEN NULL ELSE 'Last' END,
             'Company ' || (g % 13),
             CASE WHEN g % 10 = 0 THEN 'unsubscribed' WHEN g % 15 = 0 THEN 'bounced' ELSE 'active' END,
             jsonb_build_object('city', 'City ' || (g % 5), 'n', g),
             timestamptz '2026-01-01 00:00:00.000001+00' + g * interval '1 minute 1.234567 seconds'
        FROM generate_series(1, ${OWNER_LEADS}) g;
    INSERT INTO leads (user_id, email, first_name, company, custom_fields)
      VALUES ('${OWNER_ID}', 'odd@example.com', E'Line\\nbreak\\tand \\\\ backslash', 'Ünïcode 😀', '{"note": "quote \\" and \\\\\\\\"}');
    DELETE FROM leads WHERE email = 'lead1@example.com';
    INSERT INTO leads (user_id, email) SELECT '${OTHER_ID}', 'other' || g || '@example.com' FROM generate_series(1, ${OTHER_LEADS}) g;
    INSERT INTO leads (user_id, email) VALUES ('${OTHER_ID}', 'gone@example.com');
    DELETE FROM leads WHERE email = 'gone@example.com';
    INSERT INTO campaigns (user_id, account_id, template_id, status, account_ids, created_at, tracking_enabled)
      VALUES ('${OWNER_ID}', 1, 1, 'completed', '{1}', '2026-02-01 08:00:00.5+00', true);
    INSERT INTO campaign_steps (campaign_id, position, template_id, delay_days, variants)
      VALUES (1, 2, 2, 3, '[{"subject": "A"}, {"subject": "B"}]');
    INSERT INTO campaign_recipients (campaign_id, user_id, lead_id, account_id, to_address, kind, state, subject,
                                     message_id, sent_at, template_id, step, link_hosts)
      SELECT 1, '${OWNER_ID}', l.id, 1, l.email, 'campaign', CASE WHEN l.id % 10 = 0 THEN 'failed' ELSE 'sent' END,
             'Hello', '<' || l.id || '@mail.example>', timestamptz '2026-02-01 09:00:00+00' + l.id * interval '1 second',
             1, 1, ARRAY['example.com']
        FROM leads l WHERE l.user_id = '${OWNER_ID}' AND l.id BETWEEN 2 AND 201;
    INSERT INTO tracking_events (user_id, recipient_id, kind, url, machine, ip_address, created_at)
      SELECT '${OWNER_ID}', r.id, 'open', NULL, false, '203.0.113.' || (r.id % 250), r.sent_at + interval '1 hour'
        FROM campaign_recipients r WHERE r.id <= 50;
    INSERT INTO tracking_events (user_id, recipient_id, kind, url, machine, machine_reason, created_at)
      SELECT '${OWNER_ID}', r.id, 'click', 'https://example.com/offer?x=1&y=' || r.id, r.id % 5 = 0,
             CASE WHEN r.id % 5 = 0 THEN 'scanner' END, r.sent_at + interval '2 hours'
        FROM campaign_recipients r WHERE r.id <= 20;
    UPDATE campaign_recipients SET replied_at = sent_at + interval '1 day' WHERE id IN (3, 4, 5);
    INSERT INTO inbound_messages (user_id, account_id, message_id, kind, lead_id, recipient_id, from_address, subject,
                                  body_text, reply_text, thread_ids, received_at, priority, details)
      SELECT '${OWNER_ID}', 1, '<reply' || r.id || '@lead.example>', 'reply', r.lead_id, r.id, r.to_address,
             'Re: Hello', E'Thanks!\\n\\n> quoted\\n> text', 'Thanks!', ARRAY[r.message_id], r.replied_at, 'high',
             '{"classifiedBy": "rules"}'
        FROM campaign_recipients r WHERE r.replied_at IS NOT NULL;
    INSERT INTO inbox_cursors (account_id, cursor, last_read_at) VALUES (1, '{"uidValidity": 7, "uid": 4242}', now());
    INSERT INTO invitations (email, invited_by, token_hash, expires_at)
      VALUES ('invitee@example.com', '${OWNER_ID}', 'invite-hash', '2027-01-01T00:00:00Z');
    INSERT INTO lead_searches (user_id, query, location, radius_km, status, center_latitude, center_longitude)
      VALUES ('${OWNER_ID}', 'bakery', 'Berlin', 5, 'completed', 52.520008, 13.404954);
    INSERT INTO lead_search_results (search_id, user_id, source, source_id, name, latitude, longitude, distance_km, score)
      VALUES (1, '${OWNER_ID}', 'osm', 'node/1', 'Bäckerei', 52.5201, 13.4049, 0.1234567890123, 80);
    INSERT INTO lead_source_cache (key, body) VALUES ('osm:bakery:berlin', '{"elements": []}');
    INSERT INTO mail_domain_checks (domain, accepts_mail) VALUES ('example.com', true);
    INSERT INTO marketing_strategies (user_id, status, recommended_tone) VALUES ('${OWNER_ID}', 'ready', 'Warm');
    INSERT INTO oauth_states (state_hash, user_id, session_hash, provider, code_verifier, expires_at)
      VALUES ('state-hash', '${OWNER_ID}', 'session-hash', 'google', 'verifier', '2027-01-01T00:00:00Z');
    INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ('reset-hash', '${OTHER_ID}', '2027-01-01T00:00:00Z');
    INSERT INTO rate_limit_windows (key, hits, resets_at) VALUES ('login:203.0.113.9', 3, '2026-03-01 10:00:00.654321+00');
    INSERT INTO sessions (token_hash, user_id, expires_at, user_agent) VALUES ('old-session', '${OWNER_ID}', '2027-01-01T00:00:00Z', E'Agent\\t1');
    INSERT INTO stock_tips (user_id, symbol, name, current_price, price_change, price_change_percent, volume,
                            market_cap, pe_ratio, recommendation, ai_analysis, source, quote_date)
      VALUES ('${OWNER_ID}', 'ACME', 'Acme Corp', 123.4500, -1.2, -0.9628, 1234567890123, 98765432109876, 18.75,
              'hold', 'Steady.', 'alpha-vantage', '2026-03-02');
    INSERT INTO billing_events (id, type, user_id) VALUES ('evt_1', 'checkout.session.completed', '${OWNER_ID}');
  `);
}

/**
 * Every table of schema public and its rows as text, sorted, on PGlite or on a server alike: what "the same data"
 * means. Generated columns are left out: each database computes them itself.
 */
export async function contentsOf(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Contents> {
  await query("SET TimeZone = 'UTC'");
  const { rows: tables } = await query(
    `SELECT c.relname AS name, string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r' GROUP BY c.relname ORDER BY 1`,
  );
  const contents: Contents = {};
  for (const { name, columns } of tables as { name: string; columns: string }[]) {
    const { rows } = await query(`SELECT ROW(${columns})::text AS row FROM public."${name}" ORDER BY 1`);
    contents[name] = rows.map((row) => row.row as string);
  }
  return contents;
}
