/**
 * The analytics bench's data, written with plain SQL to the base tables only (users, leads, mailboxes, templates,
 * campaigns and their steps, campaign mails, tracking events), as a year of sending would leave them; whatever the
 * schema keeps beside them (counts, rollups) is left to its triggers. Rows go in statements of thousands
 * (BATCH_ROWS), so statement-level triggers see batches. Deterministic: every choice is a hash of
 * the row's index (hashint8extended), never random(); only "today" moves with the clock.
 */
import { type SQL, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { type DatabaseHandle, queryRows } from '../server/db/client';

export type StatsScale = {
  /** The main user's campaign mails, spread over the weekdays of the past year. */
  mails: number;
  leads: number;
  /** Other users, each with OTHER_CAMPAIGNS campaigns to `otherLeads` leads (for GET /api/admin/users). */
  otherUsers: number;
  otherLeads: number;
};

export const MAIN_EMAIL = 'main@stats.bench';
const MAIN_TIMEZONE = 'America/New_York';
const OTHERS_DOMAIN = 'others.bench';
const ACCOUNTS = 4;
const TEMPLATES = 8;
const CAMPAIGNS = 40;
/** Every SEQUENCE_EVERY-th campaign is a three-step sequence; the others are single mails. */
const SEQUENCE_EVERY = 4;
const SEQUENCE_STEPS = 3;
const OTHER_CAMPAIGNS = 4;
const BATCH_ROWS = 100_000;
/** The sending window, in the user's timezone: 09:00 and the 8 hours after. */
const WINDOW_START = '09:00';
const WINDOW_SECONDS = 8 * 60 * 60;
/** The mailboxes have no real credentials: disconnected, so the server's worker never tries to read them. */
const NO_CREDENTIALS = 'Bench mailbox without credentials';
const BOOKING_URL = 'https://cal.example.com/bench/intro';

/** Per thousand, of the mails: refused, then unknown (a crash mid-send); of the delivered mails: answered. */
const FAILED_PER_MILLE = 20;
const UNKNOWN_PER_MILLE = 10;
const REPLIED_PER_MILLE = 30;

const arrayOf = (values: (number | string)[], type: 'bigint' | 'date') => sql.raw(`'{${values.join(',')}}'::${type}[]`);
/** A deterministic number in [0, modulo) for the row `key`, one stream per `salt`. */
const hashed = (key: SQL, salt: number, modulo: number) => sql`abs(hashint8extended(${key}, ${salt}) % ${modulo})`;

async function run(handle: DatabaseHandle, statement: SQL) {
  await handle.db.execute(statement);
}

async function ids(handle: DatabaseHandle, statement: SQL): Promise<number[]> {
  return (await queryRows<{ id: number | string }>(handle.db, statement)).map((row) => Number(row.id));
}

/** The weekdays of the past year in `timeZone`, up to yesterday, oldest first (yyyy-MM-dd). */
function pastWeekdays(timeZone: string): string[] {
  const today = DateTime.now().setZone(timeZone).startOf('day');
  const days: string[] = [];
  for (let day = today.minus({ days: 365 }); day < today; day = day.plus({ days: 1 })) {
    if (day.weekday <= 5) days.push(day.toFormat('yyyy-MM-dd'));
  }
  return days;
}

/** Seeds everything; `progress` hears each step as it finishes. Answers the main user's id. */
export async function seedStats(
  handle: DatabaseHandle,
  scale: StatsScale,
  passwordHash: string,
  progress: (step: string) => void,
): Promise<string> {
  const days = pastWeekdays(MAIN_TIMEZONE);
  const userId = await seedMainUser(handle, scale, passwordHash, days, progress);
  await seedOtherUsers(handle, scale, passwordHash, days, progress);
  await seedTrackingEvents(handle, progress);
  await run(handle, sql`ANALYZE`);
  progress('ANALYZE');
  return userId;
}

async function seedMainUser(
  handle: DatabaseHandle,
  scale: StatsScale,
  passwordHash: string,
  days: string[],
  progress: (step: string) => void,
): Promise<string> {
  const [userId] = (
    await queryRows<{ id: string }>(
      handle.db,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, company_name, is_admin, timezone,
            trial_end_date, postal_address, booking_urls, created_at)
          VALUES (${MAIN_EMAIL}, ${passwordHash}, 'Main', 'Bench', 'Bench Roofing', true, ${MAIN_TIMEZONE},
            now() + interval '14 days', '1 Harbor Way, Austin, TX 78701', ${`{${BOOKING_URL}}`}::text[],
            now() - interval '400 days')
          RETURNING id`,
    )
  ).map((row) => row.id);

  // Lead ids are read back as the first id plus the index: one user's leads, inserted in order, are contiguous.
  for (let from = 0; from < scale.leads; from += BATCH_ROWS) {
    const to = Math.min(scale.leads, from + BATCH_ROWS);
    await run(
      handle,
      sql`INSERT INTO leads (user_id, email, first_name, last_name, company, custom_fields, created_at)
          SELECT ${userId}, 'lead' || n || '@shop-' || (n % 997) || '.test', 'First' || n, 'Last' || n,
            'Company ' || (n % 5000), jsonb_build_object('City', (ARRAY['Austin', 'Denver', 'Tucson', 'Boise'])[n % 4 + 1]),
            now() - interval '380 days' + n * interval '1 second'
          FROM generate_series(${from}::bigint, ${to - 1}::bigint) AS n ORDER BY n`,
    );
  }
  const [leadRange] = await queryRows<{ first: number | string; last: number | string }>(
    handle.db,
    sql`SELECT min(id) AS first, max(id) AS last FROM leads WHERE user_id = ${userId}`,
  );
  const leadBase = Number(leadRange.first);
  if (Number(leadRange.last) - leadBase !== scale.leads - 1) throw new Error('The main user’s lead ids have gaps');
  progress(`${scale.leads.toLocaleString('en-US')} leads`);

  await run(
    handle,
    sql`INSERT INTO provider_connections (user_id, provider, email, credentials)
        SELECT ${userId}, 'smtp', 'sender' || n || '@bench-roofing.test', 'bench: never opened'
        FROM generate_series(1, ${ACCOUNTS}) AS n ORDER BY n`,
  );
  await run(
    handle,
    sql`INSERT INTO email_accounts (user_id, connection_id, email, display_name, daily_limit, status, status_reason)
        SELECT user_id, id, email, 'Main Bench', 500, 'disconnected', ${NO_CREDENTIALS} FROM provider_connections WHERE user_id = ${userId} ORDER BY id`,
  );
  const accountIds = await ids(handle, sql`SELECT id FROM email_accounts WHERE user_id = ${userId} ORDER BY id`);
  const templateIds = await ids(
    handle,
    sql`INSERT INTO templates (user_id, name, subject, body, week_number, status)
        SELECT ${userId}, 'Template ' || n, 'A note for {company}', '<p>Hi {firstName}, week ' || n || '.</p>', n, 'active'
        FROM generate_series(1, ${TEMPLATES}) AS n ORDER BY n
        RETURNING id`,
  );
  templateIds.sort((a, b) => a - b);

  // Campaign c holds mails [c * perCampaign, (c + 1) * perCampaign): it starts the morning of its first mail's day.
  const perCampaign = Math.ceil(scale.mails / CAMPAIGNS);
  const dayOf = (mail: SQL) => sql`(${arrayOf(days, 'date')})[${mail} * ${days.length} / ${scale.mails} + 1]`;
  const localTime = (day: SQL, time: string) =>
    sql`((${day} + time ${sql.raw(`'${time}'`)}) AT TIME ZONE ${MAIN_TIMEZONE})`;
  const campaignIds = await ids(
    handle,
    sql`INSERT INTO campaigns (user_id, account_id, template_id, account_ids, status, cadence, created_at, finished_at)
        SELECT ${userId}, (${arrayOf(accountIds, 'bigint')})[c % ${ACCOUNTS} + 1],
          (${arrayOf(templateIds, 'bigint')})[c % ${TEMPLATES} + 1], ${arrayOf(accountIds, 'bigint')}, 'completed',
          CASE WHEN c % ${SEQUENCE_EVERY} = 0 THEN 'weekly' END,
          ${localTime(dayOf(sql`c * ${perCampaign}`), '08:55')},
          ${localTime(dayOf(sql`least((c + 1) * ${perCampaign}, ${scale.mails}) - 1`), '17:00')}
        FROM generate_series(0, ${CAMPAIGNS - 1}::bigint) AS c ORDER BY c
        RETURNING id`,
  );
  campaignIds.sort((a, b) => a - b);
  await run(
    handle,
    sql`INSERT INTO campaign_steps (campaign_id, position, template_id, delay_days)
        SELECT (${arrayOf(campaignIds, 'bigint')})[c + 1], p,
          (${arrayOf(templateIds, 'bigint')})[(c + p - 1) % ${TEMPLATES} + 1], CASE WHEN p = 1 THEN 0 ELSE 3 END
        FROM generate_series(0, ${CAMPAIGNS - 1}) AS c, generate_series(1, ${SEQUENCE_STEPS}) AS p
        WHERE c % ${SEQUENCE_EVERY} = 0 ORDER BY c, p`,
  );
  progress(`${ACCOUNTS} mailboxes, ${TEMPLATES} templates, ${CAMPAIGNS} campaigns`);

  // A sequence's mails are its steps one after another (a third each), so a lead's step 2 comes after its step 1.
  const stepSize = Math.ceil(perCampaign / SEQUENCE_STEPS);
  const seeding = performance.now();
  for (let from = 0; from < scale.mails; from += BATCH_ROWS) {
    const to = Math.min(scale.mails, from + BATCH_ROWS);
    await run(
      handle,
      sql`INSERT INTO campaign_recipients (kind, campaign_id, user_id, lead_id, account_id, state, step, template_id,
            attempts, last_error, message_id, subject, sent_week, replied_at, claimed_at, sent_at)
          SELECT 'campaign', (${arrayOf(campaignIds, 'bigint')})[m.c + 1], ${userId},
            ${leadBase} + (m.c * 7919 + m.k - (m.step - 1) * ${stepSize}) % ${scale.leads},
            (${arrayOf(accountIds, 'bigint')})[m.i % ${ACCOUNTS} + 1], m.state, m.step,
            CASE WHEN m.step > 1 THEN (${arrayOf(templateIds, 'bigint')})[(m.c + m.step - 1) % ${TEMPLATES} + 1] END,
            1,
            CASE m.state WHEN 'failed' THEN '550 5.1.1 Mailbox unavailable' WHEN 'unknown' THEN 'Connection lost mid-send' END,
            CASE WHEN m.state = 'sent' THEN '<' || m.i || '@stats.bench>' END,
            'A note for your business',
            CASE WHEN m.state = 'sent' THEN to_char(m.local_at, 'IYYY-"W"IW') END,
            CASE WHEN m.state = 'sent' AND m.answer < ${REPLIED_PER_MILLE}
              THEN least(m.at + make_interval(hours => (1 + m.answer * 2)::int), now()) END,
            m.at - interval '2 seconds',
            CASE WHEN m.state = 'sent' THEN m.at END
          FROM (
            SELECT *, local_at AT TIME ZONE ${MAIN_TIMEZONE} AS at FROM (
              SELECT i, c, k,
                CASE WHEN c % ${SEQUENCE_EVERY} = 0 THEN 1 + k / ${stepSize} ELSE 1 END AS step,
                ${dayOf(sql`i`)} + time ${sql.raw(`'${WINDOW_START}'`)} + make_interval(secs => ${hashed(sql`i`, 1, WINDOW_SECONDS)}) AS local_at,
                CASE WHEN ${hashed(sql`i`, 2, 1000)} < ${FAILED_PER_MILLE} THEN 'failed'
                  WHEN ${hashed(sql`i`, 2, 1000)} < ${FAILED_PER_MILLE + UNKNOWN_PER_MILLE} THEN 'unknown'
                  ELSE 'sent' END AS state,
                ${hashed(sql`i`, 3, 1000)} AS answer
              FROM generate_series(${from}::bigint, ${to - 1}::bigint) AS i,
                LATERAL (SELECT i / ${perCampaign} AS c, i % ${perCampaign} AS k) AS place
            ) AS timed
          ) AS m
          ORDER BY m.i`,
    );
    if (to % BATCH_ROWS === 0 || to === scale.mails) {
      progress(`campaign mails ${to.toLocaleString('en-US')} (${((performance.now() - seeding) / 1000).toFixed(0)} s)`);
    }
  }
  return userId;
}

/** Other users, each with a mailbox, a template, OTHER_CAMPAIGNS campaigns over the year and a mail per lead each. */
async function seedOtherUsers(
  handle: DatabaseHandle,
  scale: StatsScale,
  passwordHash: string,
  days: string[],
  progress: (step: string) => void,
) {
  const others = sql`SELECT id, email FROM users WHERE email LIKE ${`%@${OTHERS_DOMAIN}`}`;
  await run(
    handle,
    sql`INSERT INTO users (email, password_hash, first_name, last_name, company_name, subscription_status,
          trial_end_date, created_at)
        SELECT 'user' || n || ${`@${OTHERS_DOMAIN}`}, ${passwordHash}, 'User', 'N' || n, 'Company ' || n,
          (ARRAY['trial', 'active', 'cancelled', 'expired'])[n % 4 + 1], now() + interval '14 days',
          now() - interval '390 days' + n * interval '1 minute'
        FROM generate_series(1, ${scale.otherUsers}) AS n ORDER BY n`,
  );
  await run(
    handle,
    sql`INSERT INTO leads (user_id, email, first_name, company, status)
        SELECT u.id, 'lead' || j || '@' || split_part(u.email, '@', 1) || '.test', 'Lead' || j, 'Shop ' || j,
          CASE WHEN j % 10 = 0 THEN 'unsubscribed' ELSE 'active' END
        FROM (${others}) AS u, generate_series(1, ${scale.otherLeads}) AS j`,
  );
  await run(
    handle,
    sql`INSERT INTO provider_connections (user_id, provider, email, credentials)
        SELECT u.id, 'smtp', 'sender@' || split_part(u.email, '@', 1) || '.test', 'bench: never opened'
        FROM (${others}) AS u`,
  );
  await run(
    handle,
    sql`INSERT INTO email_accounts (user_id, connection_id, email, status, status_reason)
        SELECT user_id, id, email, 'disconnected', ${NO_CREDENTIALS} FROM provider_connections WHERE user_id IN (SELECT id FROM (${others}) AS u)`,
  );
  await run(
    handle,
    sql`INSERT INTO templates (user_id, name, subject, body, status)
        SELECT u.id, 'Intro', 'Hello {firstName}', '<p>Hi {firstName}.</p>', 'active' FROM (${others}) AS u`,
  );
  // Each campaign on a weekday of the year picked by the user's and campaign's hash, at 09:00 UTC (their timezone).
  await run(
    handle,
    sql`INSERT INTO campaigns (user_id, account_id, template_id, status, created_at, finished_at)
        SELECT u.id, a.id, t.id, 'completed', start, start + interval '8 hours'
        FROM (${others}) AS u
          JOIN email_accounts a ON a.user_id = u.id
          JOIN templates t ON t.user_id = u.id,
          generate_series(1, ${OTHER_CAMPAIGNS}) AS q,
          LATERAL (SELECT ((${arrayOf(days, 'date')})[${hashed(sql`hashtext(u.id::text)::bigint + q`, 6, days.length)} + 1]
            + time ${sql.raw(`'${WINDOW_START}'`)}) AT TIME ZONE 'UTC' AS start) AS s`,
  );
  // In groups of users small enough that one statement stays within BATCH_ROWS mails.
  const usersPerBatch = Math.max(1, Math.floor(BATCH_ROWS / (OTHER_CAMPAIGNS * scale.otherLeads)));
  for (let offset = 0; offset < scale.otherUsers; offset += usersPerBatch) {
    await run(
      handle,
      sql`INSERT INTO campaign_recipients (kind, campaign_id, user_id, lead_id, account_id, state, step, attempts,
            message_id, subject, sent_week, replied_at, claimed_at, sent_at)
          SELECT 'campaign', m.campaign_id, m.user_id, m.lead_id, m.account_id, m.state, 1, 1,
            CASE WHEN m.state = 'sent' THEN '<' || m.campaign_id || '.' || m.lead_id || '@stats.bench>' END,
            'Hello there', CASE WHEN m.state = 'sent' THEN to_char(m.at AT TIME ZONE 'UTC', 'IYYY-"W"IW') END,
            CASE WHEN m.state = 'sent' AND m.answer < ${REPLIED_PER_MILLE}
              THEN least(m.at + make_interval(hours => (1 + m.answer)::int), now()) END,
            m.at - interval '2 seconds', CASE WHEN m.state = 'sent' THEN m.at END
          FROM (
            SELECT c.id AS campaign_id, c.user_id, l.id AS lead_id, c.account_id,
              c.created_at + make_interval(secs => ${hashed(sql`l.id * 7 + c.id`, 1, WINDOW_SECONDS)}) AS at,
              CASE WHEN ${hashed(sql`l.id * 7 + c.id`, 2, 1000)} < ${FAILED_PER_MILLE} THEN 'failed' ELSE 'sent' END AS state,
              ${hashed(sql`l.id * 7 + c.id`, 3, 1000)} AS answer
            FROM campaigns c JOIN leads l ON l.user_id = c.user_id
            WHERE c.user_id IN (SELECT id FROM (${others}) AS u ORDER BY email LIMIT ${usersPerBatch} OFFSET ${offset})
          ) AS m
          ORDER BY m.campaign_id, m.lead_id`,
    );
  }
  const mails = scale.otherUsers * OTHER_CAMPAIGNS * scale.otherLeads;
  progress(`${scale.otherUsers.toLocaleString('en-US')} other users, ${mails.toLocaleString('en-US')} mails`);
}

/**
 * Opens and clicks of the delivered mails, by batches of mail ids: about 40% opened (a privacy proxy's fetch on
 * a fifth, alone or before the person's own; some opened twice), 8% clicked (a link scanner on some, a booking link
 * in a fifth of a person's clicks). Events come after the mail and never later than now.
 */
async function seedTrackingEvents(handle: DatabaseHandle, progress: (step: string) => void) {
  const [range] = await queryRows<{ last: number | string }>(
    handle.db,
    sql`SELECT max(id) AS last FROM campaign_recipients`,
  );
  const last = Number(range.last);
  const seeding = performance.now();
  for (let from = 1; from <= last; from += BATCH_ROWS) {
    await run(
      handle,
      sql`INSERT INTO tracking_events (user_id, recipient_id, kind, url, machine, machine_reason, ip_address,
            user_agent, created_at)
          SELECT r.user_id, r.id, e.kind, e.url, e.machine, e.reason,
            CASE WHEN e.machine THEN '17.58.' || (r.id % 200) || '.1' ELSE '203.0.113.' || (r.id % 250) END,
            CASE WHEN e.machine THEN 'Mozilla/5.0' ELSE 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0' END,
            least(r.sent_at + e.after, now())
          FROM campaign_recipients r,
            LATERAL (SELECT ${hashed(sql`r.id`, 4, 1000)} AS o, ${hashed(sql`r.id`, 5, 1000)} AS k) AS h,
            LATERAL (VALUES
              ('open', NULL, true, 'privacy_proxy_address', interval '4 seconds', h.o < 200),
              ('open', NULL, false, NULL, make_interval(mins => (5 + h.o)::int), h.o >= 120 AND h.o < 400),
              ('open', NULL, false, NULL, make_interval(hours => (20 + h.o % 24)::int), h.o >= 250 AND h.o < 330),
              ('click', 'https://bench-roofing.test/offer', true, 'scanner_address', interval '2 seconds', h.k < 15),
              ('click', CASE WHEN h.k % 5 = 0 THEN ${`${BOOKING_URL}?utm_source=mail`} ELSE 'https://bench-roofing.test/offer' END,
                false, NULL, make_interval(mins => (30 + h.k)::int), h.k >= 15 AND h.k < 80)
            ) AS e(kind, url, machine, reason, after, wanted)
          WHERE r.id >= ${from} AND r.id < ${from + BATCH_ROWS} AND r.state = 'sent' AND e.wanted
          ORDER BY r.id, e.after`,
    );
  }
  const [count] = await queryRows<{ events: number }>(
    handle.db,
    sql`SELECT count(*)::int AS events FROM tracking_events`,
  );
  progress(
    `${count.events.toLocaleString('en-US')} tracking events (${((performance.now() - seeding) / 1000).toFixed(0)} s)`,
  );
}
