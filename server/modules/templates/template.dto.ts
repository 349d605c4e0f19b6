import type { Template } from '../../../contract/templates';
import type { TemplateRow } from '../../db/schema';

export function toTemplateDto(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    weekNumber: row.weekNumber,
    status: row.status,
    includeStockTip: row.includeStockTip,
    attachments: row.attachments,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
