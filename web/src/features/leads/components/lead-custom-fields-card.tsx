import { ExternalLink } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldLinkHref } from '../lib/field-link';
import { visibleCustomFields } from '../lib/visible-custom-fields';

/** Values are rendered as text, never as HTML; links only ever point at http(s) (docs/product.md §5 Detail field links). */
function FieldValue({ value }: { value: string }) {
  const href = fieldLinkHref(value);
  if (!href) return <span className="whitespace-pre-wrap break-words">{value}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
    >
      {value}
      <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
    </a>
  );
}

export function LeadCustomFieldsCard({ customFields }: { customFields: Record<string, string> }) {
  const fields = visibleCustomFields(customFields);
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="px-5">
        <CardTitle>Additional Information</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {fields.length === 0 ? (
          <p className="text-muted-foreground text-sm">No additional information</p>
        ) : (
          <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[minmax(0,10rem)_1fr]">
            {fields.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="truncate text-muted-foreground">{key}</dt>
                <dd className="min-w-0">
                  <FieldValue value={value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
