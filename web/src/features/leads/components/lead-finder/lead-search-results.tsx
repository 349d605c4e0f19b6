import type { LeadSearchResult } from '@contract/lead-finder';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** A result that can still become a lead: it has an email, and is neither imported nor already a lead. */
export function isImportable(result: LeadSearchResult): boolean {
  return result.email !== null && !result.imported && !result.alreadyLead;
}

function EmailCell({ result }: { result: LeadSearchResult }) {
  if (!result.email) return <span className="text-muted-foreground">No email found</span>;
  return (
    <span className="grid">
      <span className="break-all">{result.email}</span>
      {result.emailVerified !== true && (
        <span className="text-amber-700 text-xs">
          {result.emailVerified === null ? 'Domain not confirmed' : 'Domain receives no mail'}
        </span>
      )}
    </span>
  );
}

/** The businesses a search found, best score first, with a checkbox for each one that can be imported. */
export function LeadSearchResults({
  results,
  selected,
  onToggle,
}: {
  results: LeadSearchResult[];
  selected: Set<number>;
  onToggle: (id: number) => void;
}) {
  return (
    <div className="max-h-96 overflow-y-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <span className="sr-only">Select</span>
            </TableHead>
            <TableHead>Business</TableHead>
            <TableHead>Email</TableHead>
            <TableHead className="w-16 text-right">Score</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {results.map((result) => (
            <TableRow key={result.id}>
              <TableCell>
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  aria-label={`Select ${result.name}`}
                  checked={selected.has(result.id)}
                  disabled={!isImportable(result)}
                  onChange={() => onToggle(result.id)}
                />
              </TableCell>
              <TableCell className="whitespace-normal">
                <p className="font-medium">
                  {result.name}{' '}
                  {result.imported ? (
                    <Badge variant="secondary">Imported</Badge>
                  ) : (
                    result.alreadyLead && <Badge variant="secondary">Already a lead</Badge>
                  )}
                </p>
                <p className="text-muted-foreground text-xs">
                  {[result.category, result.address, result.phone, result.website].filter(Boolean).join(' · ')}
                </p>
                <p className="text-xs">{result.reason}</p>
              </TableCell>
              <TableCell className="whitespace-normal text-sm">
                <EmailCell result={result} />
              </TableCell>
              <TableCell className="text-right font-semibold tabular-nums">{result.score}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
