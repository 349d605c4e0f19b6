import type { TemplateStatus } from '@contract/templates';

/** docs/product.md §4: draft, active, archived; only Active templates are used in campaigns. */
export const templateStatusLabels: Record<TemplateStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  archived: 'Archived',
};

export const templateStatuses: TemplateStatus[] = ['draft', 'active', 'archived'];
