import { isBlankHtml } from '@contract/html-text';
import type { Attachment, TemplateDetail, TemplateInput, TemplateStatus } from '@contract/templates';

/** What the editor holds; `body` is the rich-text editor's HTML. */
export type TemplateFormValues = {
  name: string;
  subject: string;
  body: string;
  weekNumber: number | null;
  status: TemplateStatus;
  includeStockTip: boolean;
  attachments: Attachment[];
};

/** docs/product.md §9: week numbers 1 to 52. */
export const WEEK_NUMBERS = Array.from({ length: 52 }, (_, index) => index + 1);

export const emptyTemplateForm: TemplateFormValues = {
  name: '',
  subject: '',
  body: '',
  weekNumber: null,
  status: 'draft',
  includeStockTip: false,
  attachments: [],
};

export function templateFormFromTemplate(template: TemplateDetail): TemplateFormValues {
  return {
    name: template.name,
    subject: template.subject,
    body: template.body,
    weekNumber: template.weekNumber,
    status: template.status,
    includeStockTip: template.includeStockTip,
    attachments: template.attachments,
  };
}

/** docs/product.md §5: name, subject and body must be non-empty after trimming. */
export function hasRequiredTemplateFields(values: TemplateFormValues): boolean {
  return values.name.trim() !== '' && values.subject.trim() !== '' && !isBlankHtml(values.body);
}

const sameAttachment = (a: Attachment, b: Attachment) =>
  a === b || (a.name === b.name && a.contentType === b.contentType && a.contentBytes === b.contentBytes);

/**
 * Whether the editor holds changes a close would throw away: any field, an attachment added or removed, a draft
 * written by AI. `loaded` is what the editor opened with; the body also counts as unchanged when it is
 * `loadedBodyAsEdited`, the rich-text editor's own HTML for the loaded body (typing a letter and deleting it gives
 * that, which may differ from the stored HTML in spelling only).
 */
export function hasUnsavedTemplateChanges(
  values: TemplateFormValues,
  loaded: TemplateFormValues,
  loadedBodyAsEdited: string,
): boolean {
  return (
    values.name !== loaded.name ||
    values.subject !== loaded.subject ||
    (values.body !== loaded.body && values.body !== loadedBodyAsEdited) ||
    values.weekNumber !== loaded.weekNumber ||
    values.status !== loaded.status ||
    values.includeStockTip !== loaded.includeStockTip ||
    values.attachments.length !== loaded.attachments.length ||
    values.attachments.some((attachment, index) => !sameAttachment(attachment, loaded.attachments[index]))
  );
}

/** The request body for POST /api/templates and PUT /api/templates/{id}. */
export function toTemplateInput(values: TemplateFormValues): TemplateInput {
  return { ...values, name: values.name.trim(), subject: values.subject.trim() };
}
