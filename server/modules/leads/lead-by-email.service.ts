import { and, eq, sql } from 'drizzle-orm';
import type { Lead, UpsertLeadByEmailInput } from '../../../contract/leads';
import { MAX_CUSTOM_FIELDS } from '../../../contract/leads';
import type { Database } from '../../db/client';
import { leads, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import { toLeadDto } from './lead.dto';
import { changeEvents, createdEvents, insertLead, type LeadTransaction, updateLead } from './lead-writes';

export type LeadByEmailService = ReturnType<typeof createLeadByEmailService>;

/**
 * A lead found and kept in step by its email, for programs that know a person by address rather than by our id (a
 * CRM, a calendar, an automation). Emails match case-insensitively, as the leads' unique index does.
 */
export function createLeadByEmailService(deps: { db: Database; webhookEvents: WebhookEmitter }) {
  const { db, webhookEvents } = deps;

  /** The user's lead with this email; in a transaction, held until it ends. */
  async function find(runner: Database | LeadTransaction, user: UserRow, email: string, lock = false) {
    const query = runner
      .select()
      .from(leads)
      .where(and(eq(leads.userId, user.id), sql`lower(${leads.email}) = lower(${email})`));
    const [lead] = lock ? await query.for('update') : await query;
    return lead ?? null;
  }

  return {
    async get(user: UserRow, email: string): Promise<Lead> {
      const lead = await find(db, user, email);
      if (!lead) throw AppError.notFound('No lead has this email address');
      return toLeadDto(lead);
    },

    /**
     * Creates the lead when there is none (`created`), then applies the changes as an edit by hand would, in one
     * transaction with its one event: `lead.created` (as the changes left it) or `lead.updated` if anything changed.
     */
    async upsert(
      user: UserRow,
      email: string,
      changes: UpsertLeadByEmailInput,
    ): Promise<{ lead: Lead; created: boolean }> {
      return db.transaction(async (tx) => {
        // Made meanwhile by another request (the insert waits for it and adds nothing): then it is updated.
        const made = (await find(tx, user, email, true)) ? undefined : await insertLead(tx, user, { email });
        const existing = made ?? (await find(tx, user, email, true));
        if (!existing) throw AppError.notFound('No lead has this email address');
        const { customFields, ...rest } = changes;
        const merged = customFields === undefined ? undefined : mergeCustomFields(existing.customFields, customFields);
        const lead = await updateLead(tx, user, existing, { ...rest, customFields: merged });
        await webhookEvents.emit(tx, made ? createdEvents(lead) : changeEvents(existing, lead));
        return { lead: toLeadDto(lead), created: made !== undefined };
      });
    },
  };
}

/** The lead's fields with the given ones set, and those given as null removed. */
function mergeCustomFields(current: unknown, changes: Record<string, string | null>): Record<string, string> {
  const merged: Record<string, string> = { ...((current ?? {}) as Record<string, string>) };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  if (Object.keys(merged).length > MAX_CUSTOM_FIELDS) {
    throw AppError.badRequest(`A lead can have at most ${MAX_CUSTOM_FIELDS} custom fields.`);
  }
  return merged;
}
