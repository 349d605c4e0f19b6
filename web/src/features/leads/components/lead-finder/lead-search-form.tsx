import type { StartLeadSearchRequest } from '@contract/lead-finder';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type DistanceUnit, radiusLimits, radiusToKm } from '../../lib/distance-unit';

const unitNames: Record<DistanceUnit, string> = { mi: 'miles', km: 'km' };

/**
 * The three inputs of a search: what kind of business (empty, with examples: the user's audience sentence is not a
 * kind of business), where, and how far around it, in the unit of the browser's locale (the server keeps
 * km).
 */
export function LeadSearchForm({
  unit,
  pending,
  onSearch,
}: {
  unit: DistanceUnit;
  pending: boolean;
  onSearch: (request: StartLeadSearchRequest) => void;
}) {
  const limits = radiusLimits(unit);
  const [query, setQuery] = useState('');
  const [location, setLocation] = useState('');
  const [radius, setRadius] = useState<number>(limits.default);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ query, location, radiusKm: radiusToKm(radius, unit) });
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
        <Label htmlFor="lead-finder-radius">Radius ({unitNames[unit]})</Label>
        <Input
          id="lead-finder-radius"
          type="number"
          min={limits.min}
          max={limits.max}
          value={radius}
          onChange={(event) => setRadius(Number(event.target.value))}
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
