import { Mail } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorToastMessage } from '@/lib/api';
import { formatDayTime } from '@/lib/format-date';
import { useLeadContactHistory } from '../api/get-lead-contact-history';

function HistoryBody({ leadId }: { leadId: number }) {
  const { data, error, isPending } = useLeadContactHistory(leadId);
  if (isPending) return <Skeleton className="h-12 w-full" />;
  if (error) return <p className="text-destructive text-sm">{errorToastMessage(error, 'Failed to load history')}</p>;
  if (data.emailHistory.length === 0) {
    return <p className="text-muted-foreground text-sm">No email communication history</p>;
  }
  return (
    <ul className="grid gap-2">
      {data.emailHistory.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two mails can share a send time; the list is read-only and never reordered.
        <li key={`${item.sentAt}-${index}`} className="flex items-start gap-3 rounded-lg border px-3 py-2.5">
          <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0">
            <p className="truncate font-medium text-sm">{item.subject}</p>
            <p className="text-muted-foreground text-xs">{formatDayTime(item.sentAt)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function LeadEmailHistoryCard({ leadId }: { leadId: number }) {
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="px-5">
        <CardTitle>Email Communication History</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        <HistoryBody leadId={leadId} />
      </CardContent>
    </Card>
  );
}
