import type { Lead, ListedLead } from '../../../contract/leads';
import type { LeadRow } from '../../db/schema';
import { isDisposableAddress } from './disposable-domains';
import { isRoleAddress } from './role-addresses';

/** What a lead's answer is made of: every column but the owner and the search text. */
export type ListedLeadRow = Pick<
  LeadRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'status'
  | 'statusReason'
  | 'statusChangedAt'
  | 'statusChangedBy'
  | 'customFields'
  | 'createdAt'
>;

export function toLeadDto(row: ListedLeadRow): Lead {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    status: row.status,
    statusReason: row.statusReason,
    isRoleAddress: isRoleAddress(row.email),
    isDisposable: isDisposableAddress(row.email),
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    statusChangedByHand: row.statusChangedBy !== null,
  };
}

/** A row of GET /api/leads: the lead and its last contact. */
export function toListedLeadDto(row: ListedLeadRow, lastContactedAt: Date | undefined): ListedLead {
  return { ...toLeadDto(row), lastContactedAt: lastContactedAt?.toISOString() ?? null };
}
