import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A search box beside a status select, as the list screens (leads, templates) show them. */
export function SearchAndStatusFilter<Status extends string>({
  search,
  onSearch,
  searchLabel,
  placeholder,
  status,
  onStatus,
  options,
}: {
  search: string;
  onSearch: (search: string) => void;
  searchLabel: string;
  placeholder: string;
  status: Status;
  onStatus: (status: Status) => void;
  options: { value: Status; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={placeholder}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <Select value={status} onValueChange={(value) => onStatus(value as Status)}>
        <SelectTrigger aria-label="Status filter" className="sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
