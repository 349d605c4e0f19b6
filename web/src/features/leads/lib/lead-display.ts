import type { Lead, LeadStatus } from '@contract/leads';

export type LeadStatusFilter = 'all' | LeadStatus;

/** "First Last", or null when the lead has neither name. */
export function leadName(lead: Pick<Lead, 'firstName' | 'lastName'>): string | null {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** The avatar letter: the name's first letter, else the email's. */
export function leadInitial(lead: Pick<Lead, 'firstName' | 'lastName' | 'email'>): string {
  return (leadName(lead) ?? lead.email).charAt(0).toUpperCase() || '?';
}

/** SPEC §5 Lead search: case-insensitive over email, first name, last name and company, plus the status filter. */
export function filterLeads(leads: Lead[], search: string, status: LeadStatusFilter): Lead[] {
  const needle = search.trim().toLowerCase();
  if (!needle && status === 'all') return leads;
  return leads.filter(
    (lead) =>
      (status === 'all' || lead.status === status) &&
      (!needle ||
        [lead.email, lead.firstName, lead.lastName, lead.company].some((value) =>
          value?.toLowerCase().includes(needle),
        )),
  );
}
