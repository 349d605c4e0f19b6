import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnalyticsRange } from '../../../contract/analytics';
import { attachmentRejection, decodedBase64Bytes } from '../../../contract/attachments';
import { responseRateOf } from '../../../contract/mail-figures';
import type { TemplateVariable } from '../../../contract/template-render';
import {
  contentScore,
  EMPTY_VARIABLE_SHARE,
  type TemplateFinding,
  type TemplateScore,
  templateContentFindings,
  variableOftenEmptyFinding,
  variablesWithoutFallback,
} from '../../../contract/template-score';
import type { AttachmentSummary, TemplateInputParsed, TemplatePerformanceItem } from '../../../contract/templates';
import type { Database } from '../../db/client';
import { leads, mailRollups, templates, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { resourceId } from '../../lib/resource-id';
import { mailCountSums, rangeStartDay, rollupsOf } from '../analytics/mail-rollups';
import { sanitizeEmailHtml } from './sanitize-email-html';
import { toTemplateDetailDto, toTemplateDto } from './template.dto';

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** Name, type and decoded size of each attachment, worked out in the database so the contents are never sent. */
const attachmentSummaries = sql<AttachmentSummary[]>`COALESCE((
  SELECT jsonb_agg(jsonb_build_object(
    'name', file->>'name',
    'contentType', file->>'contentType',
    'size', length(file->>'contentBytes') * 3 / 4
      - CASE WHEN file->>'contentBytes' LIKE '%==' THEN 2 WHEN file->>'contentBytes' LIKE '%=' THEN 1 ELSE 0 END
  ) ORDER BY position)
  FROM jsonb_array_elements(${templates.attachments}) WITH ORDINALITY AS files(file, position)
), '[]'::jsonb)`;

const leadColumns = {
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  company: leads.company,
} satisfies Record<TemplateVariable, unknown>;

export function createTemplatesService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** Sanitises the body and checks the attachment sizes the schema cannot see (they are base64). */
  function prepare(input: TemplateInputParsed) {
    const existing = { count: 0, totalBytes: 0 };
    for (const file of input.attachments) {
      const size = decodedBase64Bytes(file.contentBytes);
      const rejection = attachmentRejection({ name: file.name, size }, existing);
      if (rejection) throw AppError.badRequest(rejection.description);
      existing.count += 1;
      existing.totalBytes += size;
    }
    const body = sanitizeEmailHtml(input.body);
    if (!body.replace(/<[^>]*>/g, '').trim()) throw AppError.badRequest('The body is required.');
    return { ...input, body };
  }

  const parseId = (rawId: string) => resourceId(rawId, 'Template not found');
  const owned = (user: UserRow, id: number) => and(eq(templates.id, id), eq(templates.userId, user.id));

  return {
    /** Every template of the user; the attachments' contents stay in the database (only names and sizes leave). */
    async list(user: UserRow) {
      const rows = await db
        .select({ ...getTableColumns(templates), attachments: attachmentSummaries })
        .from(templates)
        .where(eq(templates.userId, user.id))
        .orderBy(desc(templates.createdAt), desc(templates.id));
      return rows.map(toTemplateDto);
    },

    /** One template with its attachments' contents, for the editor. */
    async detail(user: UserRow, rawId: string) {
      const [row] = await db
        .select()
        .from(templates)
        .where(owned(user, parseId(rawId)));
      if (!row) throw AppError.notFound('Template not found');
      return toTemplateDetailDto(row);
    },

    async create(user: UserRow, input: TemplateInputParsed) {
      const [created] = await db
        .insert(templates)
        .values({ ...prepare(input), userId: user.id })
        .returning();
      return toTemplateDto(created);
    },

    async update(user: UserRow, rawId: string, input: TemplateInputParsed) {
      const id = parseId(rawId);
      const [updated] = await db
        .update(templates)
        .set({ ...prepare(input), updatedAt: clock.now() })
        .where(owned(user, id))
        .returning();
      if (!updated) throw AppError.notFound('Template not found');
      return toTemplateDto(updated);
    },

    async remove(user: UserRow, rawId: string) {
      const [deleted] = await db
        .delete(templates)
        .where(owned(user, parseId(rawId)))
        .returning({ id: templates.id });
      if (!deleted) throw AppError.notFound('Template not found');
    },

    /**
     * The content checks of the editor, plus one only the leads can answer: each variable used without a fallback
     * that would be empty for more than a tenth of the user's active leads. One pass over the user's leads counts
     * every such variable at once.
     */
    async score(
      user: UserRow,
      input: { subject: string; body: string; attachmentsCount: number; weekNumber: number | null },
    ): Promise<TemplateScore> {
      const findings: TemplateFinding[] = templateContentFindings(input);
      const bare = variablesWithoutFallback(input.subject, input.body);
      if (bare.length > 0) {
        const active = sql`${leads.status} = 'active'`;
        const counts: Record<string, SQL<number>> = { active: sql`count(*) FILTER (WHERE ${active})`.mapWith(Number) };
        for (const name of bare) {
          counts[name] =
            sql`count(*) FILTER (WHERE ${active} AND coalesce(trim(${leadColumns[name]}), '') = '')`.mapWith(Number);
        }
        const [row] = await db.select(counts).from(leads).where(eq(leads.userId, user.id));
        for (const name of bare) {
          const empty = row[name];
          if (row.active > 0 && empty / row.active > EMPTY_VARIABLE_SHARE) {
            findings.push(variableOftenEmptyFinding(name, empty, row.active));
          }
        }
      }
      return { score: contentScore(findings), findings };
    },

    /**
     * Per template with sends: how many were sent and its response rate (contract/mail-figures.ts); with a range,
     * of the mails sent since its start. Read from the rollups (analytics/mail-rollups.ts).
     */
    async performance(user: UserRow, range?: AnalyticsRange): Promise<TemplatePerformanceItem[]> {
      const fromDay = range ? rangeStartDay(user, range, clock.now()) : null;
      const rows = await db
        .select({
          templateId: templates.id,
          templateName: templates.name,
          totalSent: mailCountSums.sent,
          delivered: mailCountSums.delivered,
          responded: mailCountSums.responded,
        })
        .from(mailRollups)
        .innerJoin(templates, eq(templates.id, mailRollups.templateId))
        .where(rollupsOf(user, fromDay))
        .groupBy(templates.id)
        .having(sql`sum(${mailRollups.mails}) > 0`)
        .orderBy(desc(sql`sum(${mailRollups.mails})`));
      return rows.map(({ responded, delivered, ...row }) => ({
        ...row,
        responseRate: responseRateOf({ responded, delivered }),
      }));
    },
  };
}
