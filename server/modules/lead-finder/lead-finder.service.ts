import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { isValidEmail } from '../../../contract/email';
import type {
  ImportLeadSearchResultsRequest,
  LeadSearch,
  LeadSearchListItem,
  StartLeadSearch,
} from '../../../contract/lead-finder';
import type { CsvUploadResult } from '../../../contract/leads';
import type { Database } from '../../db/client';
import { type LeadSearchResultRow, leadSearches, leadSearchResults, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { resourceId } from '../../lib/resource-id';
import { type LeadsService, uploadCompleteMessage } from '../leads/leads.service';
import { toLeadSearchDto, toLeadSearchListItem } from './lead-search.dto';

export type LeadFinderService = ReturnType<typeof createLeadFinderService>;

/** How many of the user's searches the list shows: the newest. */
const LISTED_SEARCHES = 50;

const SOURCE_LABELS: Record<LeadSearchResultRow['source'], string> = {
  osm: 'Lead finder (OpenStreetMap)',
  google: 'Lead finder (Google Places)',
};

/**
 * The lead finder: searches run as `lead-finder.search` jobs (lead-search-runner.ts); their results are
 * the user's alone and become leads through the leads service's import, so they are deduplicated and counted as a
 * CSV upload is.
 */
export function createLeadFinderService(deps: {
  db: Database;
  clock: Clock;
  leads: LeadsService;
  enqueueSearch(searchId: number): Promise<unknown>;
}) {
  const { db, clock } = deps;

  async function ownedSearch(user: UserRow, rawId: string) {
    const id = resourceId(rawId, 'Search not found');
    const [search] = await db
      .select()
      .from(leadSearches)
      .where(and(eq(leadSearches.id, id), eq(leadSearches.userId, user.id)));
    if (!search) throw AppError.notFound('Search not found');
    return search;
  }

  async function detail(user: UserRow, rawId: string): Promise<LeadSearch> {
    const search = await ownedSearch(user, rawId);
    const results = await db
      .select()
      .from(leadSearchResults)
      .where(eq(leadSearchResults.searchId, search.id))
      .orderBy(desc(leadSearchResults.score), asc(leadSearchResults.id));
    return toLeadSearchDto(search, results);
  }

  return {
    /** POST /api/lead-finder/searches: stores the search and queues its job. */
    async start(user: UserRow, input: StartLeadSearch): Promise<LeadSearch> {
      const [search] = await db
        .insert(leadSearches)
        .values({ userId: user.id, query: input.query, location: input.location, radiusKm: input.radiusKm })
        .returning();
      await deps.enqueueSearch(search.id);
      return toLeadSearchDto(search, []);
    },

    /** GET /api/lead-finder/searches: the user's searches, newest first. */
    async list(user: UserRow): Promise<LeadSearchListItem[]> {
      const rows = await db
        .select()
        .from(leadSearches)
        .where(eq(leadSearches.userId, user.id))
        .orderBy(desc(leadSearches.createdAt), desc(leadSearches.id))
        .limit(LISTED_SEARCHES);
      return rows.map(toLeadSearchListItem);
    },

    /** GET /api/lead-finder/searches/{id}: status, progress and results, best score first. */
    detail,

    /**
     * POST /api/lead-finder/searches/{id}/import: the chosen results become leads (company the business's name,
     * the rest in custom fields). Results already imported or already among the leads are counted as duplicates
     * and never sent again; results without an email are the import's "Missing email" errors.
     */
    async importResults(user: UserRow, rawId: string, input: ImportLeadSearchResultsRequest): Promise<CsvUploadResult> {
      const search = await ownedSearch(user, rawId);
      const chosen = await db
        .select()
        .from(leadSearchResults)
        .where(
          and(eq(leadSearchResults.searchId, search.id), inArray(leadSearchResults.id, [...new Set(input.resultIds)])),
        )
        .orderBy(desc(leadSearchResults.score), asc(leadSearchResults.id));
      const fresh = chosen.filter((result) => result.importedAt === null && !result.alreadyLead);
      const upload = await deps.leads.importCsv(user, { csvData: fresh.map(csvRow), firstRowNumber: 1 });
      const imported = fresh.filter((result) => result.email && isValidEmail(result.email)).map((result) => result.id);
      if (imported.length > 0) {
        await db
          .update(leadSearchResults)
          .set({ importedAt: clock.now() })
          .where(inArray(leadSearchResults.id, imported));
      }
      const duplicates = upload.duplicates + chosen.length - fresh.length;
      return {
        ...upload,
        duplicates,
        message: uploadCompleteMessage({ ...upload, duplicates }),
      };
    },
  };
}

/** A result as a CSV row the leads import reads: headers it maps (email, company) and custom-field columns. */
function csvRow(result: LeadSearchResultRow): Record<string, string | null> {
  return {
    email: result.email,
    company: result.name,
    source: SOURCE_LABELS[result.source],
    website: result.website,
    phone: result.phone,
    address: result.address,
    category: result.category,
  };
}
