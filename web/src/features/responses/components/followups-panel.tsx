import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFollowupCount } from '../api/get-followup-count';
import { useFollowups } from '../api/get-followups';
import { FollowupDialog } from './followup-dialog';
import { ResponseRow } from './response-row';

/** docs/product.md §2: the dashboard's list of prospect replies that need a follow-up; a click opens "Email Follow-up". */
export function FollowupsPanel() {
  const [openId, setOpenId] = useState<number | null>(null);
  const followups = useFollowups();
  const count = useFollowupCount();
  const waiting = count.data?.count;
  const shown = followups.data?.length ?? 0;

  return (
    <Card role="region" aria-label="Follow-ups">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            Follow-ups
            {waiting !== undefined && (
              <Badge variant="secondary" aria-label={`${waiting} need a follow-up`}>
                {waiting}
              </Badge>
            )}
          </CardTitle>
          <CardDescription>Prospect replies waiting for your answer, newest first.</CardDescription>
        </div>
        <Link href="/replies" className="font-medium text-primary text-sm underline-offset-4 hover:underline">
          View all replies
        </Link>
      </CardHeader>
      <CardContent>
        {followups.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading follow-ups">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : followups.isError ? (
          <p className="text-destructive text-sm">The replies could not be loaded.</p>
        ) : shown === 0 ? (
          <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm">
            <Inbox className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p>
              <span className="font-medium">No replies need a follow-up.</span>{' '}
              <span className="text-muted-foreground">Prospects' answers to your campaigns will show here.</span>
            </p>
          </div>
        ) : (
          <ul aria-label="Replies needing follow-up" className="grid grid-cols-1 gap-2">
            {followups.data.map((response) => (
              <ResponseRow key={response.id} response={response} onOpen={setOpenId} />
            ))}
          </ul>
        )}
        {waiting !== undefined && waiting > shown && shown > 0 && (
          <p className="mt-3 text-muted-foreground text-sm">
            Showing the newest {shown} of {waiting}.{' '}
            <Link href="/replies" className="font-medium text-primary underline-offset-4 hover:underline">
              See them all
            </Link>
          </p>
        )}
      </CardContent>
      <FollowupDialog responseId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
