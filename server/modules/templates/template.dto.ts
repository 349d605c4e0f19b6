import { decodedBase64Bytes } from '../../../contract/attachments';
import type { Attachment, AttachmentSummary, Template, TemplateDetail } from '../../../contract/templates';
import type { TemplateRow } from '../../db/schema';

type TemplateFields = Omit<TemplateRow, 'attachments' | 'userId'>;

function templateFields(row: TemplateFields) {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    weekNumber: row.weekNumber,
    status: row.status,
    includeStockTip: row.includeStockTip,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A template as lists show it. Rows read with their contents are summarised here. */
export function toTemplateDto(row: TemplateFields & { attachments: (Attachment | AttachmentSummary)[] }): Template {
  return {
    ...templateFields(row),
    attachments: row.attachments.map((file) => ({
      name: file.name,
      contentType: file.contentType,
      size: 'size' in file ? file.size : decodedBase64Bytes(file.contentBytes),
    })),
  };
}

/** A template with its attachments' contents, for the editor. */
export function toTemplateDetailDto(row: TemplateRow): TemplateDetail {
  return { ...templateFields(row), attachments: row.attachments };
}
