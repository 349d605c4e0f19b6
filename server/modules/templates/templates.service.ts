import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  decodedBase64Bytes,
  MAX_ATTACHMENT_BYTES,
  MAX_TEMPLATE_ATTACHMENT_BYTES,
  type TemplateInputParsed,
  type TemplatePerformanceItem,
} from '../../../contract/templates';
import type { Database } from '../../db/client';
import { sentEmails, templates } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { resourceId } from '../../lib/resource-id';
import { sanitizeEmailHtml } from './sanitize-email-html';
import { toTemplateDto } from './template.dto';

export type TemplatesService = ReturnType<typeof createTemplatesService>;

export function createTemplatesService(deps: { db: Database }) {
  const { db } = deps;

  /** Sanitises the body and checks the attachment sizes the schema cannot see (they are base64). */
  function prepare(input: TemplateInputParsed) {
    let total = 0;
    for (const file of input.attachments) {
      const bytes = decodedBase64Bytes(file.contentBytes);
      if (bytes > MAX_ATTACHMENT_BYTES) {
        throw AppError.badRequest(`attachments: ${file.name} is larger than 3MB. Please use a smaller file.`);
      }
      total += bytes;
    }
    if (total > MAX_TEMPLATE_ATTACHMENT_BYTES) {
      throw AppError.badRequest('attachments: Attachments may add up to at most 10MB per template.');
    }
    const body = sanitizeEmailHtml(input.body);
    if (!body.replace(/<[^>]*>/g, '').trim()) throw AppError.badRequest('body: Body is required');
    return { ...input, body };
  }

  const parseId = (rawId: string) => resourceId(rawId, 'Template not found');
  const owned = (userId: string, id: number) => and(eq(templates.id, id), eq(templates.userId, userId));

  return {
    async list(userId: string) {
      const rows = await db
        .select()
        .from(templates)
        .where(eq(templates.userId, userId))
        .orderBy(desc(templates.createdAt), desc(templates.id));
      return rows.map(toTemplateDto);
    },

    async create(userId: string, input: TemplateInputParsed) {
      const [created] = await db
        .insert(templates)
        .values({ ...prepare(input), userId })
        .returning();
      return toTemplateDto(created);
    },

    async update(userId: string, rawId: string, input: TemplateInputParsed) {
      const id = parseId(rawId);
      const [updated] = await db
        .update(templates)
        .set({ ...prepare(input), updatedAt: new Date() })
        .where(owned(userId, id))
        .returning();
      if (!updated) throw AppError.notFound('Template not found');
      return toTemplateDto(updated);
    },

    async remove(userId: string, rawId: string) {
      const [deleted] = await db
        .delete(templates)
        .where(owned(userId, parseId(rawId)))
        .returning({ id: templates.id });
      if (!deleted) throw AppError.notFound('Template not found');
    },

    /** Per template with sends: how many went out and the share answered, in percent with one decimal. */
    async performance(userId: string): Promise<TemplatePerformanceItem[]> {
      const rows = await db
        .select({
          templateId: templates.id,
          templateName: templates.name,
          totalSent: sql<number>`count(${sentEmails.id})::int`,
          responded: sql<number>`count(${sentEmails.respondedAt})::int`,
        })
        .from(templates)
        .innerJoin(sentEmails, eq(sentEmails.templateId, templates.id))
        .where(and(eq(templates.userId, userId), isNotNull(sentEmails.templateId)))
        .groupBy(templates.id)
        .orderBy(desc(sql`count(${sentEmails.id})`));
      return rows.map(({ responded, ...row }) => ({
        ...row,
        responseRate: row.totalSent ? Math.round((responded / row.totalSent) * 1000) / 10 : 0,
      }));
    },
  };
}
