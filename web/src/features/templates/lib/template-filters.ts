import type { Template, TemplateStatus } from '@contract/templates';

export type TemplateStatusFilter = 'all' | TemplateStatus;

/** The search matches name or subject, case-insensitively, combined with the status filter. */
export function filterTemplates<T extends Pick<Template, 'name' | 'subject' | 'status'>>(
  templates: T[],
  search: string,
  status: TemplateStatusFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return templates.filter(
    (template) =>
      (status === 'all' || template.status === status) &&
      (needle === '' ||
        template.name.toLowerCase().includes(needle) ||
        template.subject.toLowerCase().includes(needle)),
  );
}
