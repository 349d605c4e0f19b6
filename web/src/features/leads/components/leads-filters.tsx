import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { LeadStatusFilter } from '../lib/lead-display';

const statusOptions: { value: LeadStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
  { value: 'bounced', label: 'Bounced' },
];

export function LeadsFilters({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (search: string) => void;
  status: LeadStatusFilter;
  onStatus: (status: LeadStatusFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search leads"
          placeholder="Search leads by name, email, or company..."
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <Select value={status} onValueChange={(value) => onStatus(value as LeadStatusFilter)}>
        <SelectTrigger aria-label="Status filter" className="sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {statusOptions.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
