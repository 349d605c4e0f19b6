import type { Lead } from '../../../contract/leads';
import type { LeadRow } from '../../db/schema';
import { isDisposableAddress } from './disposable-domains';
import { isRoleAddress } from './role-addresses';

export function toLeadDto(row: LeadRow): Lead {
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
