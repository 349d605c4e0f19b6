import { z } from 'zod';
import { isValidEmail, MAX_EMAIL_LENGTH } from './email';
import { responsePrioritySchema } from './responses';

export const LEADS_PAGE_SIZE = 100;
/**
 * Rows per chunk: the browser uploads a big file in requests of at most this many rows (for progress and Cancel),
 * and the server inserts any request in statements of at most this many rows.
 */
export const CSV_CHUNK_ROWS = 5000;
/**
 * Largest upload request body the server accepts. A file of any size goes in requests of at most CSV_CHUNK_ROWS rows
 * and this many bytes (the web client's chunks stay under 4 MB), so no one request can fill the server's memory.
 */
export const CSV_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** How many row errors an upload result lists (the count covers them all). */
export const CSV_ERROR_DETAILS_LIMIT = 20;

export const leadStatusSchema = z.enum(['active', 'unsubscribed', 'bounced']);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const leadSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    company: z.string().nullable(),
    status: leadStatusSchema,
    /** Why the lead is bounced or unsubscribed, in a sentence (e.g. "No mail server for this domain"). */
    statusReason: z.string().nullable(),
    /** A role's address (info@, sales@, noreply@…): it reaches a team, not a person. Flagged, never blocked. */
    isRoleAddress: z.boolean(),
    /** An address at a disposable (throwaway) mail service. Flagged, never blocked. */
    isDisposable: z.boolean(),
    customFields: z.record(z.string(), z.string()),
    createdAt: z.string(),
    /** When the status last changed, if known. */
    statusChangedAt: z.string().nullable(),
    /** The status was last set by hand in Client Details (not by the lead, their mail server or a check). */
    statusChangedByHand: z.boolean(),
  })
  .meta({
    examples: [
      {
        id: 42,
        email: 'maria@lopezbakery.com',
        firstName: 'Maria',
        lastName: 'Lopez',
        company: 'Lopez Bakery',
        status: 'active',
        statusReason: null,
        isRoleAddress: false,
        isDisposable: false,
        customFields: { city: 'Austin', crmId: 'C-1043' },
        createdAt: '2026-11-02T15:04:05.000Z',
        statusChangedAt: null,
        statusChangedByHand: false,
      },
    ],
  });
export type Lead = z.infer<typeof leadSchema>;

/** GET /api/leads?flag=: only role addresses, or only addresses at disposable domains. */
export const leadFlagSchema = z.enum(['role', 'disposable']);
export type LeadFlag = z.infer<typeof leadFlagSchema>;

/** Longest search text GET /api/leads takes. */
export const LEAD_SEARCH_MAX_LENGTH = 200;

/** An empty query parameter (`?status=`) means "not given". */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * How GET /api/leads orders the list (decision 0067): a column and a direction. `added-desc`, newest first, is the
 * default and today's order; every order ends with the lead's id, so a page never shuffles ties.
 */
export const leadSortSchema = z.enum([
  'added-desc',
  'added-asc',
  'name-asc',
  'name-desc',
  'company-asc',
  'company-desc',
  'status-asc',
  'status-desc',
  'last-contact-desc',
  'last-contact-asc',
]);
export type LeadSort = z.infer<typeof leadSortSchema>;
export const DEFAULT_LEAD_SORT = 'added-desc' satisfies LeadSort;

/**
 * GET /api/leads: a page of the user's leads, newest first unless `sort` says otherwise. `search` looks,
 * case-insensitively, in the email, names, company and custom-field values; `status` and `flag` narrow the list; all
 * of them together.
 */
export const leadListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(LEADS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  flag: z.preprocess(emptyAsAbsent, leadFlagSchema.optional()),
  status: z.preprocess(emptyAsAbsent, leadStatusSchema.optional()),
  search: z.string().trim().max(LEAD_SEARCH_MAX_LENGTH).optional(),
  sort: z.preprocess(emptyAsAbsent, leadSortSchema.default(DEFAULT_LEAD_SORT)),
});

/** A row of GET /api/leads: the lead, and when a mail last went either way (as in its details), if ever. */
export const listedLeadSchema = leadSchema.extend({ lastContactedAt: z.string().nullable() });
export type ListedLead = z.infer<typeof listedLeadSchema>;

/** Most leads one bulk action (delete, set status) takes: the list selects at most this many. */
export const BULK_LEADS_MAX = 5000;

const bulkLeadIdsSchema = z
  .array(z.number().int().positive())
  .min(1, { error: 'Select at least one lead' })
  .max(BULK_LEADS_MAX, { error: `At most ${BULK_LEADS_MAX.toLocaleString('en-US')} leads at once` });

/** POST /api/leads/bulk-delete: deletes the user's leads among `ids`. */
export const bulkDeleteLeadsSchema = z.object({ ids: bulkLeadIdsSchema });

/**
 * POST /api/leads/bulk-status: sets the status of the user's leads among `ids` by hand, as Client Details does; a lead
 * who unsubscribed themselves is not set back to active this way (Client Details asks for confirmation).
 */
export const bulkSetLeadStatusSchema = z.object({ ids: bulkLeadIdsSchema, status: leadStatusSchema });

/** What a bulk action changed: how many leads. */
export const bulkLeadsResultSchema = z.object({ changed: z.number().int() });
export type BulkLeadsResult = z.infer<typeof bulkLeadsResultSchema>;
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export const leadCountsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  unsubscribed: z.number().int(),
  bounced: z.number().int(),
});
export type LeadCounts = z.infer<typeof leadCountsSchema>;

/** docs/product.md §5 Add Lead: email required and valid ("Invalid email address"); the rest optional. */
export const createLeadSchema = z
  .object({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, { error: 'Email is required' })
      .max(MAX_EMAIL_LENGTH, { error: 'Invalid email address' })
      .refine(isValidEmail, { error: 'Invalid email address' }),
    firstName: z.string().trim().max(200).nullish(),
    lastName: z.string().trim().max(200).nullish(),
    company: z.string().trim().max(200).nullish(),
  })
  .meta({
    examples: [{ email: 'maria@lopezbakery.com', firstName: 'Maria', lastName: 'Lopez', company: 'Lopez Bakery' }],
  });
export type CreateLeadRequest = z.input<typeof createLeadSchema>;

/** Limits of one lead's custom fields, the same for CSV rows and edits by hand. */
export const MAX_LEAD_NAME_LENGTH = 200;
export const MAX_CUSTOM_FIELDS = 100;
export const MAX_CUSTOM_FIELD_NAME_LENGTH = 200;
export const MAX_CUSTOM_VALUE_LENGTH = 5000;

/**
 * PATCH /api/leads/{id} (beyond the product rules, decision 0035): any of the fields; the email under the Add Lead rules,
 * `customFields` replaces the whole map, and `status` is a change by hand. A lead who unsubscribed themselves is set
 * back to active only with `resubscribeConfirmed` (they asked to get mail again).
 */
export const updateLeadSchema = z.object({
  email: createLeadSchema.shape.email.optional(),
  firstName: z.string().trim().max(MAX_LEAD_NAME_LENGTH).nullish(),
  lastName: z.string().trim().max(MAX_LEAD_NAME_LENGTH).nullish(),
  company: z.string().trim().max(MAX_LEAD_NAME_LENGTH).nullish(),
  customFields: z
    .record(
      z.string().trim().min(1, { error: 'A custom field needs a name' }).max(MAX_CUSTOM_FIELD_NAME_LENGTH),
      z.string().max(MAX_CUSTOM_VALUE_LENGTH),
    )
    .refine((fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS, {
      error: `At most ${MAX_CUSTOM_FIELDS} custom fields`,
    })
    .optional(),
  status: leadStatusSchema.optional(),
  resubscribeConfirmed: z.boolean().optional(),
});
export type UpdateLeadRequest = z.input<typeof updateLeadSchema>;
export type UpdateLeadInput = z.output<typeof updateLeadSchema>;

/** How many items a lead's history answers at most: the newest ones. */
export const LEAD_HISTORY_LIMIT = 200;

/** Beyond the product rules: a history item's text (a reply's words, a bounce's diagnostic) is cut at this many characters. */
export const LEAD_HISTORY_TEXT_CHARS = 300;

// docs/product.md's item is subject and sentAt; beyond it, each item says what happened. `sentAt` and `at` are the same
// instant (sent, last tried, or received), `sentAt` kept under docs/product.md's name.
const historyItemBase = { subject: z.string(), sentAt: z.string(), at: z.string() };

/** One of our mails to the lead: a campaign mail ('sent') or our answer to them ('our_reply'). */
const outgoingHistoryItemSchema = z.object({
  ...historyItemBase,
  kind: z.enum(['sent', 'our_reply']),
  state: z.enum(['sent', 'failed', 'unknown']),
  /** Why it failed, or why its fate is unknown. */
  error: z.string().nullable(),
  /** Opens and clicks by a person (hits from privacy proxies and link scanners are not counted). */
  opened: z.number().int(),
  clicked: z.number().int(),
  /** Our answer's text (campaign mails are read from their template: none here). */
  text: z.string().nullable(),
});

/**
 * A message from the lead's side: their reply, a bounce report, a spam complaint or an automatic reply; beyond them,
 * a report naming the lead that did not refer to a mail we sent ('unmatched_report': it changed nothing), or a
 * message that could not be read in time ('unclassified').
 */
const inboundHistoryItemSchema = z.object({
  ...historyItemBase,
  kind: z.enum(['reply', 'bounce', 'complaint', 'auto_reply', 'unmatched_report', 'unclassified']),
  /** A reply's own words, or a bounce's diagnostic. */
  text: z.string().nullable(),
  /** The message was larger than the reader fetches; only its beginning was read. */
  truncated: z.boolean(),
  /** An automatic reply's announced return (YYYY-MM-DD), when it named one. */
  returnDate: z.string().nullable(),
  /** A reply's priority. */
  priority: responsePrioritySchema.nullable(),
});

export const emailHistoryItemSchema = z.discriminatedUnion('kind', [
  outgoingHistoryItemSchema,
  inboundHistoryItemSchema,
]);
export type EmailHistoryItem = z.infer<typeof emailHistoryItemSchema>;
export type EmailHistoryKind = EmailHistoryItem['kind'];

export const leadDetailSchema = z.object({
  lead: leadSchema,
  /** How many of our mails went out to the lead (campaign mails and our answers). */
  contactCount: z.number().int(),
  /** The lead replied to us at least once. */
  hasResponded: z.boolean(),
  /** The latest mail either way: ours sent, or their reply. */
  lastContactedAt: z.string().nullable(),
  /** Newest first, at most LEAD_HISTORY_LIMIT items. */
  emailHistory: z.array(emailHistoryItemSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** GET /api/lead-contact-history/{id}: the lead's history, as in its details, newest first. */
export const leadContactHistorySchema = z.object({
  leadId: z.number().int(),
  emailHistory: z.array(emailHistoryItemSchema),
});
export type LeadContactHistory = z.infer<typeof leadContactHistorySchema>;

export const leadWithSentWeeksSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  company: z.string().nullable(),
  status: leadStatusSchema,
  sentWeeks: z.array(z.number().int()),
});
export type LeadWithSentWeeks = z.infer<typeof leadWithSentWeeksSchema>;

/** Rows per page of GET /api/leads-with-sent-weeks; the dashboard loads more as the list scrolls. */
export const SENT_WEEKS_PAGE_SIZE = 1000;
/** Lead ids GET /api/leads-with-sent-weeks/ids answers at most: as many as one campaign may take. */
export const MATCHING_IDS_LIMIT = 100_000;

/** docs/product.md §9's sent-weeks filter: all, none (never sent any week), sent-{n} or not-{n} for weeks 1 to 52. */
export const sentWeeksFilterSchema = z
  .string()
  .regex(/^(all|none|(sent|not)-([1-9]|[1-4]\d|5[0-2]))$/, {
    error: 'filter must be all, none, sent-{week} or not-{week}, with a week from 1 to 52',
  })
  .default('all');
export type SentWeeksFilter = z.output<typeof sentWeeksFilterSchema>;

/** GET /api/leads-with-sent-weeks: a page of active leads matching the filter, newest first. */
export const sentWeeksQuerySchema = z.object({
  filter: sentWeeksFilterSchema,
  limit: z.coerce.number().int().min(1).max(5000).default(SENT_WEEKS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /api/leads-with-sent-weeks/ids: every matching lead's id (for "select all matching"), and how many match. */
export const matchingLeadIdsSchema = z.object({ ids: z.array(z.number().int()), total: z.number().int() });
export type MatchingLeadIds = z.infer<typeof matchingLeadIdsSchema>;

/**
 * POST /api/leads/upload-csv. `csvData` is the file's rows keyed by its header (docs/product.md §7): the whole file, or one
 * chunk of it. `firstRowNumber` is the file line of the first row sent (2 for a file's first row: line 1 is the
 * header), so errors name file lines.
 */
export const csvUploadRequestSchema = z.object({
  csvData: z.array(z.unknown()).max(CSV_CHUNK_ROWS, {
    error: `At most ${CSV_CHUNK_ROWS.toLocaleString('en-US')} rows per upload request: send a larger file in parts`,
  }),
  firstRowNumber: z.number().int().min(1).default(2),
});
export type CsvUploadRequest = z.input<typeof csvUploadRequestSchema>;

export const csvRowErrorSchema = z.object({ row: z.number().int(), email: z.string(), reason: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const csvUploadResultSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  duplicates: z.number().int(),
  errors: z.number().int(),
  /** The first CSV_ERROR_DETAILS_LIMIT row errors: which line and why. */
  errorDetails: z.array(csvRowErrorSchema),
});
export type CsvUploadResult = z.infer<typeof csvUploadResultSchema>;

/** The email in GET and PUT /api/leads/by-email/{email}, under the Add Lead rules. */
export const leadEmailParamsSchema = z.object({ email: createLeadSchema.shape.email });

/**
 * PUT /api/leads/by-email/{email}: a program (a CRM, an automation) keeps a lead in step by its email. Creates the
 * lead when there is none; `customFields` are merged into the lead's (a null value removes that field), the rest
 * as PATCH /api/leads/{id} takes them.
 */
export const upsertLeadByEmailSchema = z
  .strictObject({
    firstName: updateLeadSchema.shape.firstName,
    lastName: updateLeadSchema.shape.lastName,
    company: updateLeadSchema.shape.company,
    customFields: z
      .record(
        z.string().trim().min(1, { error: 'A custom field needs a name' }).max(MAX_CUSTOM_FIELD_NAME_LENGTH),
        z.string().max(MAX_CUSTOM_VALUE_LENGTH).nullable(),
      )
      .refine((fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS, {
        error: `At most ${MAX_CUSTOM_FIELDS} custom fields`,
      })
      .optional(),
    status: leadStatusSchema.optional(),
    resubscribeConfirmed: z.boolean().optional(),
  })
  .meta({ examples: [{ firstName: 'Maria', customFields: { crmStage: 'Qualified', oldField: null } }] });
export type UpsertLeadByEmailInput = z.output<typeof upsertLeadByEmailSchema>;
