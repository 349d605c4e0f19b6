import { Search } from 'lucide-react';
import { OptionSelect } from '@/components/option-select';
import { Input } from '@/components/ui/input';

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
      <OptionSelect
        label="Status filter"
        value={status}
        options={options}
        onValueChange={(value) => onStatus(value as Status)}
        className="sm:w-48"
      />
    </div>
  );
}
