import { z } from 'zod';

export const LEAD_SEARCH_RADIUS_KM = { min: 1, max: 50, default: 10 } as const;
/** How many results one import takes at most (a search keeps far fewer). */
export const LEAD_IMPORT_MAX_RESULTS = 1000;

/** POST /api/lead-finder/searches: what kind of business, where, and how far around it. */
export const startLeadSearchSchema = z.object({
  query: z
    .string({ error: 'Describe the businesses you are looking for' })
    .trim()
    .min(1, { error: 'Describe the businesses you are looking for' })
    .max(200, { error: 'The description is longer than 200 characters' }),
  location: z
    .string({ error: 'Enter a town, city or address' })
    .trim()
    .min(1, { error: 'Enter a town, city or address' })
    .max(200, { error: 'The location is longer than 200 characters' }),
  radiusKm: z
    .number({ error: 'The radius must be a number of kilometres' })
    .int({ error: 'The radius must be a whole number of kilometres' })
    .min(LEAD_SEARCH_RADIUS_KM.min, { error: 'The radius must be from 1 to 50 km' })
    .max(LEAD_SEARCH_RADIUS_KM.max, { error: 'The radius must be from 1 to 50 km' })
    .default(LEAD_SEARCH_RADIUS_KM.default),
});
export type StartLeadSearchRequest = z.input<typeof startLeadSearchSchema>;
export type StartLeadSearch = z.output<typeof startLeadSearchSchema>;

export const leadSearchStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type LeadSearchStatus = z.infer<typeof leadSearchStatusSchema>;

export const leadSearchProgressSchema = z.object({
  businessesFound: z.number().int(),
  websitesChecked: z.number().int(),
  websitesTotal: z.number().int(),
  emailsFound: z.number().int(),
});
export type LeadSearchProgress = z.infer<typeof leadSearchProgressSchema>;

export const leadSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  /** Where the email was found: the source's own data ('osm', 'google') or the page's URL. */
  emailSource: z.string().nullable(),
  /** The email's domain has MX records; null when that could not be checked. */
  emailVerified: z.boolean().nullable(),
  score: z.number().int(),
  reason: z.string(),
  alreadyLead: z.boolean(),
  imported: z.boolean(),
});
export type LeadSearchResult = z.infer<typeof leadSearchResultSchema>;

const searchFields = {
  id: z.number().int(),
  query: z.string(),
  location: z.string(),
  radiusKm: z.number().int(),
  status: leadSearchStatusSchema,
  errorMessage: z.string().nullable(),
  /** Sources that could not be reached; the search went on with the others. */
  sourceErrors: z.array(z.object({ source: z.string(), message: z.string() })),
  progress: leadSearchProgressSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
};

/** GET /api/lead-finder/searches: the user's searches, newest first. */
export const leadSearchListItemSchema = z.object(searchFields);
export type LeadSearchListItem = z.infer<typeof leadSearchListItemSchema>;

/** GET /api/lead-finder/searches/{id}: the search with its results, best score first. */
export const leadSearchSchema = z.object({ ...searchFields, results: z.array(leadSearchResultSchema) });
export type LeadSearch = z.infer<typeof leadSearchSchema>;

/** POST /api/lead-finder/searches/{id}/import. */
export const importLeadSearchResultsSchema = z.object({
  resultIds: z
    .array(z.number().int().positive(), { error: 'Select the businesses to import' })
    .min(1, { error: 'Select the businesses to import' })
    .max(LEAD_IMPORT_MAX_RESULTS, { error: `Import at most ${LEAD_IMPORT_MAX_RESULTS} businesses at once` }),
});
export type ImportLeadSearchResultsRequest = z.infer<typeof importLeadSearchResultsSchema>;

/** A search still working: the screen keeps asking for its progress. */
export function isLeadSearchRunning(status: LeadSearchStatus): boolean {
  return status === 'queued' || status === 'running';
}
