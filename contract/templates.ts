import { z } from 'zod';

import { MAX_ATTACHMENTS } from './attachments';

/** Template request bodies carry base64 attachments (4/3 of their size) plus the text. */
export const TEMPLATE_BODY_LIMIT_BYTES = 15 * 1024 * 1024;

export const templateStatusSchema = z.enum(['draft', 'active', 'archived']);
export type TemplateStatus = z.infer<typeof templateStatusSchema>;

export const attachmentSchema = z.object({
  name: z.string().trim().min(1, { error: 'Attachment name is required' }).max(255),
  contentType: z.string().trim().min(1).max(255).default('application/octet-stream'),
  contentBytes: z.base64({ error: 'Attachment content must be base64' }),
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

const required = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` });

/** POST /api/templates and PUT /api/templates/{id}; the same rules as the editor (docs/product.md §5). */
export const templateInputSchema = z.object({
  name: required('Name').max(200, { error: 'Name must be at most 200 characters' }),
  subject: required('Subject').max(998, { error: 'Subject must be at most 998 characters' }),
  body: required('Body')
    .max(500_000, { error: 'Body is too long' })
    .refine((body) => htmlTagCount(body) <= MAX_TEMPLATE_TAGS, {
      error: `Body has too many HTML tags: at most ${MAX_TEMPLATE_TAGS.toLocaleString('en-US')}`,
    }),
  weekNumber: z
    .number({ error: 'Week number must be a whole number from 1 to 52' })
    .int({ error: 'Week number must be a whole number from 1 to 52' })
    .min(1, { error: 'Week number must be a whole number from 1 to 52' })
    .max(52, { error: 'Week number must be a whole number from 1 to 52' })
    .nullable()
    .default(null),
  status: templateStatusSchema.default('draft'),
  includeStockTip: z.boolean().default(false),
  attachments: z
    .array(attachmentSchema)
    .max(MAX_ATTACHMENTS, { error: `At most ${MAX_ATTACHMENTS} attachments per template` })
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
    .max(4000, { error: 'The description must be at most 4000 characters' }),
});
export type AiGenerateRequest = z.input<typeof aiGenerateRequestSchema>;

export const aiGenerateResponseSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** "offline": written by the built-in writer because no AI provider is configured. */
  source: z.enum(['ai', 'offline']),
});
export type AiGenerateResponse = z.infer<typeof aiGenerateResponseSchema>;
