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

/** SPEC §9: week numbers 1 to 52. */
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

/** SPEC §5: name, subject and body must be non-empty after trimming. */
export function hasRequiredTemplateFields(values: TemplateFormValues): boolean {
  return values.name.trim() !== '' && values.subject.trim() !== '' && !isBlankHtml(values.body);
}

/** The request body for POST /api/templates and PUT /api/templates/{id}. */
export function toTemplateInput(values: TemplateFormValues): TemplateInput {
  return { ...values, name: values.name.trim(), subject: values.subject.trim() };
}
