import { z } from 'zod';

import { MAX_ATTACHMENTS } from './attachments';

/** Template request bodies carry base64 attachments (4/3 of their size) plus the text. */
export const TEMPLATE_BODY_LIMIT_BYTES = 15 * 1024 * 1024;

export const templateStatusSchema = z.enum(['draft', 'active', 'archived']);
export type TemplateStatus = z.infer<typeof templateStatusSchema>;

export const attachmentSchema = z.object({
  name: z.string().trim().min(1, { error: 'Each attachment needs a name.' }).max(255),
  contentType: z.string().trim().min(1).max(255).default('application/octet-stream'),
  contentBytes: z.base64({ error: 'An attachment’s content could not be read.' }),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** An attachment as lists show it: its bytes stay on the server until the template is edited or sent. */
export const attachmentSummarySchema = z.object({
  name: z.string(),
  contentType: z.string(),
  /** Decoded size in bytes. */
  size: z.number().int(),
});
export type AttachmentSummary = z.infer<typeof attachmentSummarySchema>;

/**
 * The most tags a template body may hold. A long newsletter has a few thousand; the HTML cleaner looks for each
 * closing tag among the tags still open, so tens of thousands left open took seconds per mail (found by fuzzing).
 */
export const MAX_TEMPLATE_TAGS = 10_000;
/** Where an HTML tokenizer may start a tag, opening or closing: '<' before a letter or '/'. */
export const TAG_START = /<(?=[a-zA-Z/])/g;

export function htmlTagCount(html: string): number {
  let count = 0;
  for (const _ of html.matchAll(TAG_START)) count += 1;
  return count;
}

/** The longest name, subject and body a template may have; the editor counts against them too. */
export const TEMPLATE_NAME_MAX_LENGTH = 200;
/** RFC 5322's limit for one header line. */
export const TEMPLATE_SUBJECT_MAX_LENGTH = 998;
/** The body's HTML, formatting included. */
export const TEMPLATE_BODY_MAX_LENGTH = 500_000;

const required = (field: string) =>
  z
    .string({ error: `The ${field} is required.` })
    .trim()
    .min(1, { error: `The ${field} is required.` });

const atMostCharacters = (field: string, max: number) => ({
  error: `The ${field} can be at most ${max.toLocaleString('en-US')} characters.`,
});
const WEEK_NUMBER_RULE = 'The week number must be a whole number from 1 to 52.';

/** POST /api/templates and PUT /api/templates/{id}; the same rules as the editor (docs/product.md §5). */
export const templateInputSchema = z.object({
  name: required('name').max(TEMPLATE_NAME_MAX_LENGTH, atMostCharacters('name', TEMPLATE_NAME_MAX_LENGTH)),
  subject: required('subject').max(
    TEMPLATE_SUBJECT_MAX_LENGTH,
    atMostCharacters('subject', TEMPLATE_SUBJECT_MAX_LENGTH),
  ),
  body: required('body')
    .max(TEMPLATE_BODY_MAX_LENGTH, atMostCharacters('body', TEMPLATE_BODY_MAX_LENGTH))
    .refine((body) => htmlTagCount(body) <= MAX_TEMPLATE_TAGS, {
      error: `The body has too many HTML tags: at most ${MAX_TEMPLATE_TAGS.toLocaleString('en-US')}.`,
    }),
  weekNumber: z
    .number({ error: WEEK_NUMBER_RULE })
    .int({ error: WEEK_NUMBER_RULE })
    .min(1, { error: WEEK_NUMBER_RULE })
    .max(52, { error: WEEK_NUMBER_RULE })
    .nullable()
    .default(null),
  status: templateStatusSchema.default('draft'),
  includeStockTip: z.boolean().default(false),
  attachments: z
    .array(attachmentSchema)
    .max(MAX_ATTACHMENTS, { error: `A template can have at most ${MAX_ATTACHMENTS} attachments.` })
    .default([]),
});
export type TemplateInput = z.input<typeof templateInputSchema>;
export type TemplateInputParsed = z.output<typeof templateInputSchema>;

const templateFields = {
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  weekNumber: z.number().int().nullable(),
  status: templateStatusSchema,
  includeStockTip: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** GET /api/templates (and what create and update answer): every field but the attachments' contents. */
export const templateSchema = z.object({ ...templateFields, attachments: z.array(attachmentSummarySchema) });
export type Template = z.infer<typeof templateSchema>;

/** GET /api/templates/{id}: the template with its attachments' contents, for the editor. */
export const templateDetailSchema = z.object({ ...templateFields, attachments: z.array(attachmentSchema) });
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const templatePerformanceItemSchema = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  totalSent: z.number().int(),
  responseRate: z.number(),
});
export type TemplatePerformanceItem = z.infer<typeof templatePerformanceItemSchema>;

export const aiGenerateRequestSchema = z.object({
  prompt: z
    .string({ error: 'Please enter a description for the AI to generate content.' })
    .trim()
    .min(1, { error: 'Please enter a description for the AI to generate content.' })
    .max(4000, { error: 'The description can be at most 4,000 characters.' }),
});
export type AiGenerateRequest = z.input<typeof aiGenerateRequestSchema>;

export const aiGenerateResponseSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** "offline": written by the built-in writer because no AI provider is configured. */
  source: z.enum(['ai', 'offline']),
});
export type AiGenerateResponse = z.infer<typeof aiGenerateResponseSchema>;
