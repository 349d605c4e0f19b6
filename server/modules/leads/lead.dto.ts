import type { Lead } from '../../../contract/leads';
import type { LeadRow } from '../../db/schema';

export function toLeadDto(row: LeadRow): Lead {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    status: row.status,
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
  };
}
