import { and, eq, sql } from 'drizzle-orm';
import type { Lead, UpsertLeadByEmailInput } from '../../../contract/leads';
import { MAX_CUSTOM_FIELDS } from '../../../contract/leads';
import type { Database } from '../../db/client';
import { leads, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toLeadDto } from './lead.dto';
import type { LeadsService } from './leads.service';

export type LeadByEmailService = ReturnType<typeof createLeadByEmailService>;

/**
 * A lead found and kept in step by its email, for programs that know a person by address rather than by our id (a
 * CRM, a calendar, an automation). Emails match case-insensitively, as the leads' unique index does.
 */
export function createLeadByEmailService(deps: { db: Database; leads: LeadsService }) {
  const { db } = deps;

  async function find(user: UserRow, email: string) {
    const [lead] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.userId, user.id), sql`lower(${leads.email}) = lower(${email})`));
    return lead ?? null;
  }

  return {
    async get(user: UserRow, email: string): Promise<Lead> {
      const lead = await find(user, email);
      if (!lead) throw AppError.notFound('No lead has this email address');
      return toLeadDto(lead);
    },

    /** Creates the lead when there is none (`created`), then applies the changes as an edit by hand would. */
    async upsert(
      user: UserRow,
      email: string,
      changes: UpsertLeadByEmailInput,
    ): Promise<{ lead: Lead; created: boolean }> {
      let existing = await find(user, email);
      const created = existing === null;
      if (!existing) {
        await deps.leads.create(user, { email }).catch((error: unknown) => {
          // Made meanwhile by another request: then it is updated like any existing lead.
          if (!(error instanceof AppError && error.code === 'lead_exists')) throw error;
        });
        existing = await find(user, email);
        if (!existing) throw AppError.notFound('No lead has this email address');
      }
      const { customFields, ...rest } = changes;
      const merged = customFields === undefined ? undefined : mergeCustomFields(existing.customFields, customFields);
      const lead = await deps.leads.update(user, String(existing.id), { ...rest, customFields: merged });
      return { lead, created };
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
