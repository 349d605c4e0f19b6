import type { Lead, LeadFlag, LeadStatus } from '@contract/leads';

/** The list's filter select: a status, or a flag (role addresses, disposable domains). */
export type LeadStatusFilter = 'all' | LeadStatus | LeadFlag;

/** The flag a filter asks the server for, if it is one. */
export function flagOf(filter: LeadStatusFilter): LeadFlag | undefined {
  return filter === 'role' || filter === 'disposable' ? filter : undefined;
}

/** The status a filter asks for, if it is one. */
export function statusOf(filter: LeadStatusFilter): LeadStatus | undefined {
  return filter === 'active' || filter === 'unsubscribed' || filter === 'bounced' ? filter : undefined;
}

function matchesFilter(lead: Lead, filter: LeadStatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'role') return lead.isRoleAddress;
  if (filter === 'disposable') return lead.isDisposable;
  return lead.status === filter;
}

/** "First Last", or null when the lead has neither name. */
export function leadName(lead: Pick<Lead, 'firstName' | 'lastName'>): string | null {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** The avatar letter: the name's first letter, else the email's. */
export function leadInitial(lead: Pick<Lead, 'firstName' | 'lastName' | 'email'>): string {
  return (leadName(lead) ?? lead.email).charAt(0).toUpperCase() || '?';
}

/** docs/product.md §5 Lead search: case-insensitive over email, first name, last name and company, plus the status filter. */
export function filterLeads<Row extends Lead>(leads: Row[], search: string, status: LeadStatusFilter): Row[] {
  const needle = search.trim().toLowerCase();
  if (!needle && status === 'all') return leads;
  return leads.filter(
    (lead) =>
      matchesFilter(lead, status) &&
      (!needle ||
        [lead.email, lead.firstName, lead.lastName, lead.company].some((value) =>
          value?.toLowerCase().includes(needle),
        )),
  );
}
