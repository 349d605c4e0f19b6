import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorToastMessage } from '@/lib/api';
import { useLeadContactHistory } from '../api/get-lead-contact-history';
import { LeadHistoryItem } from './lead-history-item';

function HistoryBody({ leadId, enabled }: { leadId: number; enabled: boolean }) {
  const { data, error, isPending } = useLeadContactHistory(leadId, { enabled });
  if (isPending) return <Skeleton className="h-12 w-full" />;
  if (error) return <p className="text-destructive text-sm">{errorToastMessage(error, 'Failed to load history')}</p>;
  if (data.emailHistory.length === 0) {
    return <p className="text-muted-foreground text-sm">No email communication history</p>;
  }
  return (
    <ul className="grid gap-2">
      {data.emailHistory.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two items can share a time; the list is read-only and never reordered.
        <LeadHistoryItem key={`${item.at}-${index}`} item={item} />
      ))}
    </ul>
  );
}

/** Our mails to the lead and what came back, newest first. */
export function LeadEmailHistoryCard({ leadId, enabled = true }: { leadId: number; enabled?: boolean }) {
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="px-5">
        <CardTitle>Email Communication History</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        <HistoryBody leadId={leadId} enabled={enabled} />
      </CardContent>
    </Card>
  );
}
