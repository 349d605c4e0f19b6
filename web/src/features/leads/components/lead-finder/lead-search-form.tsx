import { LEAD_SEARCH_RADIUS_KM, type StartLeadSearchRequest } from '@contract/lead-finder';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The three inputs of a search: what kind of business, where, and how far around it. */
export function LeadSearchForm({
  initialQuery,
  pending,
  onSearch,
}: {
  initialQuery: string;
  pending: boolean;
  onSearch: (request: StartLeadSearchRequest) => void;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [location, setLocation] = useState('');
  const [radiusKm, setRadiusKm] = useState<number>(LEAD_SEARCH_RADIUS_KM.default);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ query, location, radiusKm });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="lead-finder-query">Type of business</Label>
        <Input
          id="lead-finder-query"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="e.g. dentist, accountant, restaurant"
          maxLength={200}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-finder-location">Location</Label>
        <Input
          id="lead-finder-location"
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          placeholder="e.g. Austin, TX"
          maxLength={200}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-finder-radius">Radius (km)</Label>
        <Input
          id="lead-finder-radius"
          type="number"
          min={LEAD_SEARCH_RADIUS_KM.min}
          max={LEAD_SEARCH_RADIUS_KM.max}
          value={radiusKm}
          onChange={(event) => setRadiusKm(Number(event.target.value))}
          required
        />
      </div>
      <Button type="submit" disabled={pending}>
        <Search />
        {pending ? 'Searching...' : 'Search'}
      </Button>
    </form>
  );
}
