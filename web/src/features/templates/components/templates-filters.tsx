import { SearchAndStatusFilter } from '@/components/search-and-status-filter';
import type { TemplateStatusFilter } from '../lib/template-filters';

const statusOptions: { value: TemplateStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
];

export function TemplatesFilters(props: {
  search: string;
  onSearch: (search: string) => void;
  status: TemplateStatusFilter;
  onStatus: (status: TemplateStatusFilter) => void;
}) {
  return (
    <SearchAndStatusFilter
      {...props}
      searchLabel="Search templates"
      placeholder="Search templates by name or subject..."
      options={statusOptions}
    />
  );
}
