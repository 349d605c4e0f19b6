import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_LEAD_SORT,
  type LeadFlag,
  type LeadListQuery,
  type LeadSort,
  type LeadStatus,
} from '../../../contract/leads';
import { type Database, queryRows } from '../../db/client';
import { leadCounts, leadListMarks, leadNameSortKey, leads, type UserRow } from '../../db/schema';
import { DISPOSABLE_DOMAINS } from './disposable-domains';
import type { ListedLeadRow } from './lead.dto';
import { ROLE_LOCAL_PARTS } from './role-addresses';

// Matches the index leads_user_created_idx exactly (drizzle-kit writes it DESC NULLS LAST), so the list is an
// index scan that stops after one page.
export const newestFirst = [sql`${leads.createdAt} DESC NULLS LAST`, sql`${leads.id} DESC NULLS LAST`];

/**
 * How many of the newest leads a search reads first. A word found often enough there is answered from them alone
 * (an index walk that stops early); a rarer one is looked up in the trigram index instead, then sorted.
 */
export const SEARCH_RECENT_WINDOW = 10_000;

/**
 * Leads with the flag: the address's local part or domain in the list, passed as one array parameter. `= ANY` of
 * an array known at planning is a hashed lookup per row (PostgreSQL 14+); `IN (SELECT unnest(…))` was planned as a
 * nested loop over the list for every row (minutes at a million leads), so it is not used.
 */
function flagged(flag: LeadFlag): SQL {
  return flag === 'role'
    ? sql`split_part(lower(${leads.email}), '@', 1) = ANY(${sql.param(ROLE_LOCAL_PARTS)}::text[])`
    : sql`split_part(lower(${leads.email}), '@', 2) = ANY(${sql.param(DISPOSABLE_DOMAINS)}::text[])`;
}

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type Page = { limit: number; offset: number };

const LISTED_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'company',
  'status',
  'statusReason',
  'statusChangedAt',
  'statusChangedBy',
  'customFields',
  'createdAt',
] as const satisfies readonly (keyof ListedLeadRow)[];
type ListedColumn = (typeof LISTED_COLUMNS)[number];

/**
 * The columns a page shows, from the leads table or a subquery of it: not the owner nor the search text (about as
 * long as the rest of the row), which a page of 100 read, parsed and dropped: a tenth of the memory it allocated.
 */
function listed<Source extends Record<ListedColumn, AnyColumn>>(source: Source): Pick<Source, ListedColumn> {
  return Object.fromEntries(LISTED_COLUMNS.map((name) => [name, source[name]])) as Pick<Source, ListedColumn>;
}

/**
 * When a mail last went either way between the user and the lead (`leads.id` of the outer query), as Client Details
 * counts it (lead-history.ts): ours sent, or their reply; null when never. Each part is read by the lead's index.
 */
const lastContact = sql`greatest(
  (SELECT max(cr.sent_at) FROM campaign_recipients cr
   WHERE cr.lead_id = leads.id AND cr.user_id = leads.user_id AND cr.state = 'sent'),
  (SELECT max(cr.replied_at) FROM campaign_recipients cr WHERE cr.lead_id = leads.id AND cr.user_id = leads.user_id),
  (SELECT max(im.received_at) FROM inbound_messages im
   WHERE im.lead_id = leads.id AND im.user_id = leads.user_id AND im.kind = 'reply'))`;

/**
 * The ORDER BY of each sort but the default (decision 0067), ending with the id so ties keep one order. Name,
 * company and status are walks of an index (leads_user_name_idx, leads_user_company_idx, leads_user_status_created_idx,
 * a descending order its backward walk, so "Z to A" is "A to Z" reversed, leads without one first); added is
 * leads_user_created_idx walked forward. Last contact is computed per lead (three index look-ups each) and sorted.
 */
const sortOrders: Record<Exclude<LeadSort, typeof DEFAULT_LEAD_SORT>, SQL[]> = {
  'added-asc': [sql`${leads.createdAt} ASC`, sql`${leads.id} ASC`],
  'name-asc': [sql`${leadNameSortKey(leads)} ASC NULLS LAST`, sql`${leads.id} ASC`],
  'name-desc': [sql`${leadNameSortKey(leads)} DESC NULLS FIRST`, sql`${leads.id} DESC`],
  'company-asc': [sql`lower(${leads.company}) ASC NULLS LAST`, sql`${leads.id} ASC`],
  'company-desc': [sql`lower(${leads.company}) DESC NULLS FIRST`, sql`${leads.id} DESC`],
  'status-asc': [sql`${leads.status} ASC`, ...newestFirst],
  'status-desc': [sql`${leads.status} DESC`, ...newestFirst],
  'last-contact-desc': [sql`${lastContact} DESC NULLS LAST`, sql`${leads.id} DESC`],
  'last-contact-asc': [sql`${lastContact} ASC NULLS FIRST`, sql`${leads.id} ASC`],
};

/** A page of the user's leads, newest first or in the order asked for, as GET /api/leads answers it. */
export function listLeads(db: Database, user: UserRow, query: LeadListQuery): Promise<ListedLeadRow[]> {
  const search = query.search?.trim() ?? '';
  const narrowed = and(
    eq(leads.userId, user.id),
    query.status && eq(leads.status, query.status),
    query.flag && flagged(query.flag),
  );
  if (query.sort !== DEFAULT_LEAD_SORT) {
    // Another order pages by OFFSET (decision 0067): the bookmarks and the newest-first search hold only the default.
    return db
      .select(listed(leads))
      .from(leads)
      .where(and(narrowed, search ? sql`${leads.searchText} LIKE lower(${containsPattern(search)})` : undefined))
      .orderBy(...sortOrders[query.sort])
      .limit(query.limit)
      .offset(query.offset);
  }
  if (search) return searchPage(db, user, narrowed, search, query);
  if (query.status || query.flag) {
    return db
      .select(listed(leads))
      .from(leads)
      .where(narrowed)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset);
  }
  return pageOfAll(db, user, query);
}

/**
 * A page of all the user's leads, exactly as `ORDER BY created_at DESC, id DESC OFFSET … LIMIT …` answers, without
 * walking the rows before it: the nearest bookmark at or before the offset (lead_list_marks, kept by triggers) gives
 * a sort key to seek to and fewer than a thousand rows to skip from there. One statement, so one snapshot.
 */
function pageOfAll(db: Database, user: UserRow, { limit, offset }: Page): Promise<ListedLeadRow[]> {
  const total = sql`(SELECT ${leadCounts.total} FROM ${leadCounts} WHERE ${leadCounts.userId} = ${user.id})`;
  // The mark with the fewest leads at or after it that still has the row at `offset` among them.
  const nearestMark = (value: SQL) =>
    sql`(SELECT ${value} FROM ${leadListMarks}
         WHERE ${leadListMarks.userId} = ${user.id} AND ${leadListMarks.older} >= ${total} - ${offset}::int
         ORDER BY ${leadListMarks.older} LIMIT 1)`;
  // Without a mark (the first thousand rows or so) the seek starts before the newest lead.
  const seekAt = sql`coalesce(${nearestMark(sql`${leadListMarks.createdAt}`)}, 'infinity'::timestamptz)`;
  const seekId = sql`coalesce(${nearestMark(sql`${leadListMarks.leadId}`)}, 9223372036854775807)`;
  const skip = sql`coalesce(${nearestMark(sql`${leadListMarks.older} - ${total} + ${offset}::int`)}, ${offset}::int)`;
  const pageIds = sql`SELECT seek.id FROM ${leads} AS seek
    WHERE seek.user_id = ${user.id} AND (seek.created_at, seek.id) <= (${seekAt}, ${seekId})
    ORDER BY seek.created_at DESC NULLS LAST, seek.id DESC NULLS LAST
    OFFSET ${skip} LIMIT ${limit}::int`;
  return db
    .select(listed(leads))
    .from(leads)
    .where(and(eq(leads.userId, user.id), sql`${leads.id} IN (${pageIds})`))
    .orderBy(...newestFirst);
}

/**
 * A page of the leads whose search text contains `search` (case-insensitively, pg_trgm's index), newest first.
 * First among the newest SEARCH_RECENT_WINDOW leads, which answers a common word at once; when they hold too few
 * matches (and are not all there is), every match is taken from the trigram index and sorted.
 */
async function searchPage(
  db: Database,
  user: UserRow,
  narrowed: SQL | undefined,
  search: string,
  page: Page & { status?: LeadStatus },
): Promise<ListedLeadRow[]> {
  const pattern = containsPattern(search);
  const contains = (searchText: AnyColumn) => sql`${searchText} LIKE lower(${pattern})`;
  const needed = page.offset + page.limit;
  const fromRecent = await newestFirstScan(db, (tx) => {
    const recent = tx
      .select()
      .from(leads)
      .where(narrowed)
      .orderBy(...newestFirst)
      .limit(SEARCH_RECENT_WINDOW)
      .as('recent');
    return tx
      .select(listed(recent))
      .from(recent)
      .where(contains(recent.searchText))
      .orderBy(sql`${recent.createdAt} DESC NULLS LAST`, sql`${recent.id} DESC NULLS LAST`)
      .limit(needed);
  });
  if (fromRecent.length >= needed || (await leadsAtMost(db, user, page.status, SEARCH_RECENT_WINDOW))) {
    return fromRecent.slice(page.offset);
  }
  const anchor = await rareAnchor(db, narrowed, search);
  // Only the anchor's trigrams are looked up in the index; strpos (which the index cannot serve) checks the rest.
  const matches = anchor
    ? and(
        sql`${leads.searchText} LIKE lower(${containsPattern(anchor)})`,
        sql`strpos(${leads.searchText}, lower(${search})) > 0`,
      )
    : contains(leads.searchText);
  // OFFSET 0 keeps the planner from walking the list order for the LIMIT: the matches come from the trigram index.
  const everyMatch = db.select().from(leads).where(and(narrowed, matches)).offset(0).as('every_match');
  return db
    .select(listed(everyMatch))
    .from(everyMatch)
    .orderBy(sql`${everyMatch.createdAt} DESC NULLS LAST`, sql`${everyMatch.id} DESC NULLS LAST`)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Runs `work`, whose reads of the newest leads walk leads_user_created_idx whatever the statistics say: right after
 * a big import, before an ANALYZE has counted it, they can still count a user's leads in thousands, and the planner
 * would then sort all of them instead.
 */
function newestFirstScan<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return work(tx);
  });
}

/**
 * A search's words, letters and digits apart ("Lead765432@xy" → Lead, 765432), of three characters or more: the
 * pieces pg_trgm makes its trigrams from (the database lowers them, as it lowers the search text).
 */
export function searchWords(search: string): string[] {
  const words = search.match(/\p{L}+|\p{N}+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** At most this many of the newest SEARCH_RECENT_WINDOW leads may hold a word for it to count as rare (0.1%). */
const RARE_IN_RECENT = 10;

/**
 * The rarest word of a search of several, when it is rare among the newest leads. The trigram index answers a
 * pattern by intersecting the lists of all its trigrams, and a word in every lead (a company's "company", the
 * "lead" of a generated address) makes that intersection read most of the index (30 ms at a million leads, where
 * the rare word alone takes 1 ms); the newest leads tell which word is rare.
 */
async function rareAnchor(db: Database, narrowed: SQL | undefined, search: string): Promise<string | null> {
  const words = searchWords(search);
  if (words.length === 0 || (words.length === 1 && words[0] === search)) return null;
  return newestFirstScan(db, async (tx) => {
    const recent = tx
      .select({ searchText: leads.searchText })
      .from(leads)
      .where(narrowed)
      .orderBy(...newestFirst)
      .limit(SEARCH_RECENT_WINDOW)
      .as('recent');
    const counts = words.map(
      (word) => sql<number>`count(*) FILTER (WHERE ${recent.searchText} LIKE lower(${containsPattern(word)}))::int`,
    );
    const [row] = await tx.select({ counts: sql<number[]>`ARRAY[${sql.join(counts, sql`, `)}]` }).from(recent);
    const fewest = Math.min(...row.counts);
    return fewest <= RARE_IN_RECENT ? words[row.counts.indexOf(fewest)] : null;
  });
}

/** Whether the user has at most `count` leads (of the status), by the counts the triggers keep. */
async function leadsAtMost(db: Database, user: UserRow, status: LeadStatus | undefined, count: number) {
  const [counts] = await db.select().from(leadCounts).where(eq(leadCounts.userId, user.id));
  return (counts?.[status ?? 'total'] ?? 0) <= count;
}

/** When each of these leads of the user was last in contact (see `lastContact`), by id; leads never contacted are left out. */
export async function lastContacts(db: Database, user: UserRow, ids: number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; at: Date | string | null }>(
    db,
    sql`SELECT leads.id::int AS id, ${lastContact} AS at FROM leads
        WHERE leads.user_id = ${user.id} AND leads.id = ANY(${sql.param(ids)}::bigint[])`,
  );
  return new Map(rows.flatMap((row) => (row.at === null ? [] : [[Number(row.id), new Date(row.at)] as const])));
}
