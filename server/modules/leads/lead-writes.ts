import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { LeadStatus, UpdateLeadInput } from '../../../contract/leads';
import type { Database } from '../../db/client';
import { hasPostgresCode, PG_UNIQUE_VIOLATION } from '../../db/error-codes';
import { type LeadRow, leads, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { webhookLead } from '../webhooks/webhook-data';
import type { WebhookEvent } from '../webhooks/webhook-emitter';

/** An open transaction: a lead's change and the webhook events it causes commit together. */
export type LeadTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewLead = { email: string; firstName?: string | null; lastName?: string | null; company?: string | null };

export const handStatusReason: Record<LeadStatus, string> = {
  active: 'Set to active by hand',
  unsubscribed: 'Marked unsubscribed by hand',
  bounced: 'Marked bounced by hand',
};

/**
 * The columns of a status change by hand: who and when are recorded. A lead who unsubscribed themselves (the
 * link, a complaint, a reply; not by hand) is set back to active only when the user confirms they asked for it.
 */
function handStatusChange(user: UserRow, lead: LeadRow, changes: UpdateLeadInput) {
  const status = changes.status ?? lead.status;
  const unsubscribedThemselves = lead.status === 'unsubscribed' && lead.statusChangedBy === null;
  if (status === 'active' && unsubscribedThemselves && !changes.resubscribeConfirmed) {
    throw AppError.conflict(
      'This lead unsubscribed. Set them back to active only if they asked to receive your emails again.',
      'lead_unsubscribed',
    );
  }
  return {
    status,
    statusReason:
      status === 'active' && unsubscribedThemselves
        ? `${handStatusReason.active}: they asked to receive emails again`
        : handStatusReason[status],
    statusChangedAt: sql`now()`,
    statusChangedBy: user.id,
  };
}

/** The user's lead with this id, held until the transaction ends so that its change is judged on what it is. */
export async function lockedLead(tx: LeadTransaction, user: UserRow, id: number): Promise<LeadRow | undefined> {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.userId, user.id)))
    .for('update');
  return lead;
}

/** The new lead, or undefined when the user has one with this email (case-insensitively). */
export async function insertLead(tx: LeadTransaction, user: UserRow, input: NewLead): Promise<LeadRow | undefined> {
  const [created] = await tx
    .insert(leads)
    .values({
      userId: user.id,
      email: input.email,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      company: input.company || null,
    })
    .onConflictDoNothing()
    .returning();
  return created;
}

/** The lead with the given fields set, and a status change by hand (decision 0035); as it was when none is given. */
export async function updateLead(
  tx: LeadTransaction,
  user: UserRow,
  lead: LeadRow,
  changes: UpdateLeadInput,
): Promise<LeadRow> {
  const values: PgUpdateSetSource<typeof leads> = {
    ...(changes.email !== undefined && { email: changes.email }),
    ...(changes.firstName !== undefined && { firstName: changes.firstName || null }),
    ...(changes.lastName !== undefined && { lastName: changes.lastName || null }),
    ...(changes.company !== undefined && { company: changes.company || null }),
    ...(changes.customFields !== undefined && { customFields: changes.customFields }),
    ...(changes.status !== undefined && changes.status !== lead.status && handStatusChange(user, lead, changes)),
  };
  if (Object.keys(values).length === 0) return lead;
  try {
    const [updated] = await tx
      .update(leads)
      .set(values)
      .where(and(eq(leads.id, lead.id), eq(leads.userId, user.id)))
      .returning();
    if (!updated) throw AppError.notFound('Lead not found');
    return updated;
  } catch (error) {
    if (hasPostgresCode(error, PG_UNIQUE_VIOLATION))
      throw AppError.conflict('A lead with this email already exists', 'lead_exists');
    throw error;
  }
}

/** What a change shows of a lead: an edit that sets every field to what it was changes nothing. */
const shownFields = (lead: LeadRow) =>
  JSON.stringify([lead.email, lead.firstName, lead.lastName, lead.company, lead.status, lead.customFields]);

/** `lead.unsubscribed` of a lead just set unsubscribed (a change by hand always records when). */
function unsubscribedEvents(lead: LeadRow): WebhookEvent[] {
  const at = lead.statusChangedAt;
  if (lead.status !== 'unsubscribed' || !at) return [];
  return [
    {
      userId: lead.userId,
      type: 'lead.unsubscribed',
      data: { lead: webhookLead(lead), unsubscribedAt: at.toISOString() },
      leadId: lead.id,
    },
  ];
}

const updatedEvent = (lead: LeadRow): WebhookEvent => ({
  userId: lead.userId,
  type: 'lead.updated',
  data: { lead: webhookLead(lead) },
  leadId: lead.id,
});

/** `lead.created` for a new lead (and `lead.unsubscribed` when it was made unsubscribed by hand). */
export function createdEvents(lead: LeadRow): WebhookEvent[] {
  const created: WebhookEvent = {
    userId: lead.userId,
    type: 'lead.created',
    data: { lead: webhookLead(lead) },
    leadId: lead.id,
  };
  return [created, ...unsubscribedEvents(lead)];
}

/**
 * The events of a lead's edit by its owner: `lead.updated` when something changed, and `lead.unsubscribed` when
 * its status became unsubscribed; none for an edit that changed nothing.
 */
export function changeEvents(before: LeadRow, after: LeadRow): WebhookEvent[] {
  if (shownFields(before) === shownFields(after)) return [];
  const unsubscribed = before.status !== 'unsubscribed' ? unsubscribedEvents(after) : [];
  return [updatedEvent(after), ...unsubscribed];
}

/** The events of a status change by hand of several leads: each `lead.updated`, and `lead.unsubscribed` if so. */
export function statusChangeEvents(changed: LeadRow[]): WebhookEvent[] {
  return changed.flatMap((lead) => [updatedEvent(lead), ...unsubscribedEvents(lead)]);
}
