import { setImmediate as yieldToOtherWork } from 'node:timers/promises';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { MappedCsvRow } from '../../../contract/csv-leads';
import {
  type BulkLeadsResult,
  CSV_CHUNK_ROWS,
  CSV_ERROR_DETAILS_LIMIT,
  type CsvRowError,
  type CsvUploadResult,
  type Lead,
  type LeadContactHistory,
  type LeadCounts,
  type LeadDetail,
  type LeadListQuery,
  type LeadStatus,
  type LeadWithSentWeeks,
  type ListedLead,
  MATCHING_IDS_LIMIT,
  type MatchingLeadIds,
  type SentWeeksFilter,
  type UpdateLeadInput,
} from '../../../contract/leads';
import type { WebhookLead } from '../../../contract/webhook-events';
import { type Database, queryRows } from '../../db/client';
import { leadCounts, leads, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { resourceId } from '../../lib/resource-id';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import { csvLine } from './csv-export';
import { checkCsvChunk } from './csv-import';
import { toLeadDto, toListedLeadDto } from './lead.dto';
import { leadHistory, leadHistoryWithSummary } from './lead-history';
import { lastContacts, listLeads, newestFirst } from './lead-list';
import { mergeSearchIndexPending, upkeepAfterImport } from './lead-table-upkeep';
import {
  changeEvents,
  createdEvents,
  handStatusReason,
  insertLead,
  lockedLead,
  type NewLead,
  statusChangeEvents,
  updateLead,
} from './lead-writes';

export type LeadsService = ReturnType<typeof createLeadsService>;

/** docs/product.md's CSV upload result message. */
export const uploadCompleteMessage = (counts: { added: number; duplicates: number; errors: number }) =>
  `Upload complete: ${counts.added} added, ${counts.duplicates} duplicates skipped, ${counts.errors} errors`;

const EXPORT_PAGE_SIZE = 5000;

/** Active leads of the user matching docs/product.md §9's sent-weeks filter (checked by the route's schema). */
function matchingSentWeeks(user: UserRow, filter: SentWeeksFilter): SQL | undefined {
  const sentIn = (week: number | null) =>
    sql`EXISTS (SELECT 1 FROM sent_emails s WHERE s.lead_id = leads.id AND ${
      week === null ? sql`s.week_number IS NOT NULL` : sql`s.week_number = ${week}`
    })`;
  const [kind, week] = filter.split('-');
  const condition =
    kind === 'none'
      ? sql`NOT ${sentIn(null)}`
      : kind === 'sent'
        ? sentIn(Number(week))
        : kind === 'not'
          ? sql`NOT ${sentIn(Number(week))}`
          : undefined;
  return and(eq(leads.userId, user.id), eq(leads.status, 'active'), condition);
}

/**
 * The user's leads. Each change that webhooks hear of is made in a transaction that queues its events through
 * `webhookEvents`: they commit with the change, or vanish with it.
 */
export function createLeadsService(deps: { db: Database; webhookEvents: WebhookEmitter }) {
  const { db, webhookEvents } = deps;

  /** The lead with this id if it belongs to the user; any other id is a 404, never data. */
  async function ownedLead(user: UserRow, rawId: string) {
    const id = resourceId(rawId, 'Lead not found');
    const [lead] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.userId, user.id)));
    if (!lead) throw AppError.notFound('Lead not found');
    return lead;
  }

  /**
   * One multi-row INSERT for a whole chunk; duplicates (in the table or the chunk) are skipped by the index. The
   * leads it added are each a `lead.created`, queued in one call in the chunk's transaction.
   */
  async function insertLeads(user: UserRow, rows: MappedCsvRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    return db.transaction(async (tx) => {
      // The chunk travels as one JSON parameter: no bind-parameter limit, one parse on the server.
      const added = await queryRows<WebhookLead>(
        tx,
        sql`INSERT INTO leads (user_id, email, first_name, last_name, company, custom_fields)
            SELECT ${user.id}, email, NULLIF("firstName", ''), NULLIF("lastName", ''), NULLIF(company, ''),
                   "customFields"
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                 AS incoming(email text, "firstName" text, "lastName" text, company text, "customFields" jsonb)
            ON CONFLICT (user_id, lower(email)) DO NOTHING
            RETURNING id::int AS id, email, first_name AS "firstName", last_name AS "lastName", company, status`,
      );
      await webhookEvents.emit(
        tx,
        added.map((lead) => ({ userId: user.id, type: 'lead.created' as const, data: { lead }, leadId: lead.id })),
      );
      return added.length;
    });
  }

  return {
    /** Housekeeping: the search entries of leads added one by one, merged as an import's are. */
    mergeSearchIndexPending: () => mergeSearchIndexPending(db),

    async list(user: UserRow, query: LeadListQuery): Promise<ListedLead[]> {
      const rows = await listLeads(db, user, query);
      const contacted = await lastContacts(
        db,
        user,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toListedLeadDto(row, contacted.get(row.id)));
    },

    async counts(user: UserRow): Promise<LeadCounts> {
      const [row] = await db.select().from(leadCounts).where(eq(leadCounts.userId, user.id));
      return {
        total: row?.total ?? 0,
        active: row?.active ?? 0,
        unsubscribed: row?.unsubscribed ?? 0,
        bounced: row?.bounced ?? 0,
      };
    },

    /** POST /api/leads/bulk-delete: one statement over the user's leads among the ids; how many went. */
    async bulkDelete(user: UserRow, ids: number[]): Promise<BulkLeadsResult> {
      const [result] = await queryRows<{ changed: number }>(
        db,
        sql`WITH gone AS (
              DELETE FROM leads WHERE user_id = ${user.id} AND id = ANY(${sql.param(ids)}::bigint[]) RETURNING 1
            )
            SELECT count(*)::int AS changed FROM gone`,
      );
      return { changed: result.changed };
    },

    /**
     * POST /api/leads/bulk-status: a status change by hand (who and when kept, as PATCH does) of the user's leads
     * among the ids not already in it, in one statement. A lead who unsubscribed themselves is left as they are when
     * the status is active: setting them back needs their own request, confirmed one by one in Client Details.
     */
    async bulkSetStatus(user: UserRow, ids: number[], status: LeadStatus): Promise<BulkLeadsResult> {
      const unsubscribedThemselves = sql`(${leads.status} = 'unsubscribed' AND ${leads.statusChangedBy} IS NULL)`;
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(leads)
          .set({
            status,
            statusReason: handStatusReason[status],
            statusChangedAt: sql`now()`,
            statusChangedBy: user.id,
          })
          .where(
            and(
              eq(leads.userId, user.id),
              sql`${leads.id} = ANY(${sql.param(ids)}::bigint[])`,
              sql`${leads.status} <> ${status}`,
              status === 'active' ? sql`NOT ${unsubscribedThemselves}` : undefined,
            ),
          )
          .returning();
        await webhookEvents.emit(tx, statusChangeEvents(changed));
        return { changed: changed.length };
      });
    },

    async detail(user: UserRow, id: string): Promise<LeadDetail> {
      const lead = await ownedLead(user, id);
      return { lead: toLeadDto(lead), ...(await leadHistoryWithSummary(db, lead)) };
    },

    async contactHistory(user: UserRow, id: string): Promise<LeadContactHistory> {
      const lead = await ownedLead(user, id);
      return { leadId: lead.id, emailHistory: await leadHistory(db, lead) };
    },

    async create(user: UserRow, input: NewLead) {
      const created = await db.transaction(async (tx) => {
        const lead = await insertLead(tx, user, input);
        if (!lead) throw AppError.conflict('A lead with this email already exists', 'lead_exists');
        await webhookEvents.emit(tx, createdEvents(lead));
        return lead;
      });
      return toLeadDto(created);
    },

    /** PATCH /api/leads/{id}: the fields given, and a status change by hand (decision 0035). */
    async update(user: UserRow, id: string, changes: UpdateLeadInput): Promise<Lead> {
      const leadId = resourceId(id, 'Lead not found');
      const updated = await db.transaction(async (tx) => {
        const lead = await lockedLead(tx, user, leadId);
        if (!lead) throw AppError.notFound('Lead not found');
        const after = await updateLead(tx, user, lead, changes);
        await webhookEvents.emit(tx, changeEvents(lead, after));
        return after;
      });
      return toLeadDto(updated);
    },

    async remove(user: UserRow, id: string): Promise<void> {
      const lead = await ownedLead(user, id);
      await db.delete(leads).where(and(eq(leads.id, lead.id), eq(leads.userId, user.id)));
    },

    /**
     * Imports CSV rows (a whole file, or one chunk the browser sent) in statements of at most CSV_CHUNK_ROWS rows,
     * each its own short transaction, letting other requests in between: what one statement holds (its JSON here,
     * its rows and locks on the server) is bounded by the chunk, not by the file, and what was committed stays.
     */
    async importCsv(user: UserRow, upload: { csvData: unknown[]; firstRowNumber: number }) {
      let added = 0;
      let duplicates = 0;
      const errors: CsvRowError[] = [];
      for (let start = 0; start < upload.csvData.length; start += CSV_CHUNK_ROWS) {
        if (start > 0) await yieldToOtherWork();
        const chunk = upload.csvData.slice(start, start + CSV_CHUNK_ROWS);
        const checked = checkCsvChunk(chunk, upload.firstRowNumber + start);
        const inserted = await insertLeads(user, checked.valid);
        added += inserted;
        duplicates += checked.valid.length - inserted;
        errors.push(...checked.errors);
      }
      if (added > 0) await upkeepAfterImport(db);
      const result: CsvUploadResult = {
        message: uploadCompleteMessage({ added, duplicates, errors: errors.length }),
        added,
        duplicates,
        errors: errors.length,
        errorDetails: errors.slice(0, CSV_ERROR_DETAILS_LIMIT),
      };
      return result;
    },

    /** A page of the user's active leads matching the sent-weeks filter, each with the weeks it was sent. */
    async withSentWeeks(
      user: UserRow,
      page: { filter: SentWeeksFilter; limit: number; offset: number },
    ): Promise<LeadWithSentWeeks[]> {
      // Written out: drizzle leaves columns unqualified in a one-table select, and "id" would mean the view's.
      const weeks = sql<number[]>`COALESCE((
        SELECT array_agg(DISTINCT s.week_number ORDER BY s.week_number)
        FROM sent_emails s WHERE s.lead_id = leads.id AND s.week_number IS NOT NULL), '{}')`;
      return db
        .select({
          id: leads.id,
          firstName: leads.firstName,
          lastName: leads.lastName,
          email: leads.email,
          company: leads.company,
          status: leads.status,
          sentWeeks: weeks,
        })
        .from(leads)
        .where(matchingSentWeeks(user, page.filter))
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(page.offset);
    },

    /** Every matching lead's id, newest first, up to what one campaign may take, and how many match in all. */
    async matchingIds(user: UserRow, filter: SentWeeksFilter): Promise<MatchingLeadIds> {
      const where = matchingSentWeeks(user, filter);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ id: leads.id })
          .from(leads)
          .where(where)
          .orderBy(...newestFirst)
          .limit(MATCHING_IDS_LIMIT),
        db.select({ total: sql<number>`count(*)::int` }).from(leads).where(where),
      ]);
      return { ids: rows.map((row) => row.id), total };
    },

    /** The user's leads as CSV lines, newest first, read in keyset pages so a million rows never sit in memory. */
    async *exportCsv(user: UserRow): AsyncGenerator<string> {
      const keys = await queryRows<{ key: string }>(
        db,
        sql`SELECT DISTINCT jsonb_object_keys(custom_fields) AS key FROM leads WHERE user_id = ${user.id} ORDER BY 1`,
      );
      const customKeys = keys.map((row) => row.key);
      yield csvLine(['email', 'firstName', 'lastName', 'company', 'status', 'createdAt', ...customKeys]);
      // The cursor keeps created_at as PostgreSQL's text: a JS Date would cut microseconds and skip rows.
      let last: { createdAtText: string; id: number } | undefined;
      for (;;) {
        const after = last && sql`(${leads.createdAt}, ${leads.id}) < (${last.createdAtText}::timestamptz, ${last.id})`;
        const page = await db
          .select({ lead: leads, createdAtText: sql<string>`${leads.createdAt}::text` })
          .from(leads)
          .where(and(eq(leads.userId, user.id), after))
          .orderBy(...newestFirst)
          .limit(EXPORT_PAGE_SIZE);
        if (page.length === 0) return;
        yield page
          .map(({ lead }) =>
            csvLine([
              lead.email,
              lead.firstName,
              lead.lastName,
              lead.company,
              lead.status,
              lead.createdAt.toISOString(),
              ...customKeys.map((key) => lead.customFields[key]),
            ]),
          )
          .join('');
        const final = page[page.length - 1];
        last = { createdAtText: final.createdAtText, id: final.lead.id };
      }
    },
  };
}
