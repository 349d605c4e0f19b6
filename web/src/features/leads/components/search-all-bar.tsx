import { Spinner } from '@/components/ui/spinner';

const formatCount = (value: number) => value.toLocaleString('en-US');

/**
 * Under the filters while not every lead is loaded: the search and filter look through every lead on the server by
 * themselves, after a short pause in typing; this says so, and that it is searching.
 */
export function SearchAllBar(props: { searching: boolean; total: number | undefined }) {
  const all = props.total === undefined ? 'all' : `all ${formatCount(props.total)}`;
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-muted-foreground text-sm"
    >
      {props.searching && <Spinner className="size-4" />}
      {props.searching ? `Searching ${all} leads...` : `Showing matches from ${all} leads.`}
    </div>
  );
}
