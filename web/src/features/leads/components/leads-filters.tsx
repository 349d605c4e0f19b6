import { SearchAndStatusFilter } from '@/components/search-and-status-filter';
import type { LeadStatusFilter } from '../lib/lead-display';

const statusOptions: { value: LeadStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
  { value: 'bounced', label: 'Bounced' },
  { value: 'role', label: 'Role addresses' },
  { value: 'disposable', label: 'Disposable domains' },
];

export function LeadsFilters(props: {
  search: string;
  onSearch: (search: string) => void;
  status: LeadStatusFilter;
  onStatus: (status: LeadStatusFilter) => void;
}) {
  return (
    <SearchAndStatusFilter
      {...props}
      searchLabel="Search leads"
      placeholder="Search leads by name, email, or company..."
      options={statusOptions}
    />
  );
}
