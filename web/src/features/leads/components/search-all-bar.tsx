import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';

const formatCount = (value: number) => value.toLocaleString('en-US');

/**
 * Under the filters: the loaded rows hold few matches, so offer to search every lead on the server; or, while it
 * does, say so and offer the way back to the loaded rows.
 */
export function SearchAllBar(props: {
  searchingAll: boolean;
  loadedCount: number;
  total: number | undefined;
  onSearchAll: () => void;
  onBack: () => void;
}) {
  const all = props.total === undefined ? 'all' : `all ${formatCount(props.total)}`;
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">
        {props.searchingAll
          ? `Showing matches from ${all} leads.`
          : `Showing matches among the ${formatCount(props.loadedCount)} leads loaded so far.`}
      </p>
      {props.searchingAll ? (
        <Button variant="outline" size="sm" onClick={props.onBack}>
          Search loaded leads only
        </Button>
      ) : (
        <Button size="sm" onClick={props.onSearchAll}>
          <Search />
          Search {all} leads
        </Button>
      )}
    </div>
  );
}
