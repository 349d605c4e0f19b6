import { sql } from 'drizzle-orm';
import type { LeadStatus } from '../../../contract/leads';

/**
 * The columns to set when the lead, their mail server or a check changes a lead's status (an unsubscribe link, a
 * complaint, a bounce, a domain without mail server): when, and why; "by hand" is cleared, so a lead who
 * unsubscribed after being set back to active by hand again needs their consent to be re-activated (decision 0035).
 */
export function automaticStatusChange(status: Exclude<LeadStatus, 'active'>, reason: string) {
  return { status, statusReason: reason, statusChangedAt: sql`now()`, statusChangedBy: null };
}
