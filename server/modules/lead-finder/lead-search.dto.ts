import type { LeadSearch, LeadSearchListItem } from '../../../contract/lead-finder';
import type { LeadSearchResultRow, LeadSearchRow } from '../../db/schema';

export function toLeadSearchListItem(row: LeadSearchRow): LeadSearchListItem {
  return {
    id: row.id,
    query: row.query,
    location: row.location,
    radiusKm: row.radiusKm,
    status: row.status,
    errorMessage: row.errorMessage,
    sourceErrors: row.sourceErrors,
    progress: {
      businessesFound: row.businessesFound,
      websitesChecked: row.websitesChecked,
      websitesTotal: row.websitesTotal,
      emailsFound: row.emailsFound,
    },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function toLeadSearchDto(row: LeadSearchRow, results: LeadSearchResultRow[]): LeadSearch {
  return {
    ...toLeadSearchListItem(row),
    results: results.map((result) => ({
      id: result.id,
      name: result.name,
      category: result.category,
      address: result.address,
      phone: result.phone,
      website: result.website,
      email: result.email,
      emailSource: result.emailSource,
      emailVerified: result.emailVerified,
      score: result.score,
      reason: result.reason,
      alreadyLead: result.alreadyLead,
      imported: result.importedAt !== null,
    })),
  };
}
