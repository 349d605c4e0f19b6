import { Inbox } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { OptionSelect } from '@/components/option-select';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useReplies } from '../api/get-replies';
import {
  type FollowupFilter,
  followupFilterOptions,
  type PriorityFilter,
  priorityFilterOptions,
  type RepliesFilter,
} from '../lib/response-display';
import { FollowupDialog } from './followup-dialog';
import { ResponseRow } from './response-row';

/** Beyond the product rules: every prospect reply, newest first, so none is missed once the dashboard's ten are full. */
export function RepliesScreen() {
  const [filter, setFilter] = useState<RepliesFilter>({ priority: 'all', status: 'all' });
  // `/replies?reply=<id>` opens that reply: the link a webhook's `email.replied` event carries.
  const search = useSearch();
  const [, navigate] = useLocation();
  const [openId, setOpenId] = useState<number | null>(() => replyIdIn(search));
  const close = () => {
    setOpenId(null);
    if (replyIdIn(search) !== null) navigate('/replies', { replace: true });
  };
  const replies = useReplies(filter);
  const rows = useMemo(() => replies.data?.pages.flat() ?? [], [replies.data]);
  const filtered = filter.priority !== 'all' || filter.status !== 'all';

  return (
    <>
      <PageHeader
        title="Replies"
        description="Every answer your campaigns brought in. Open one to read the conversation and reply."
      />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="flex flex-col gap-3 sm:flex-row">
            <OptionSelect
              label="Priority filter"
              value={filter.priority}
              options={priorityFilterOptions}
              onValueChange={(priority) => setFilter({ ...filter, priority: priority as PriorityFilter })}
              className="sm:w-48"
            />
            <OptionSelect
              label="Follow-up filter"
              value={filter.status}
              options={followupFilterOptions}
              onValueChange={(status) => setFilter({ ...filter, status: status as FollowupFilter })}
              className="sm:w-48"
            />
          </div>
          {replies.isPending ? (
            <div className="grid gap-2" role="status" aria-label="Loading replies">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : replies.isError ? (
            <p className="text-destructive text-sm">The replies could not be loaded.</p>
          ) : rows.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title={filtered ? 'No replies match these filters' : 'No replies yet'}
              description={
                filtered
                  ? 'Choose other filters to see more replies.'
                  : 'When prospects answer your campaigns, their replies show here.'
              }
              className="py-10"
            />
          ) : (
            <ul aria-label="Replies" className="grid grid-cols-1 gap-2">
              {rows.map((response) => (
                <ResponseRow key={response.id} response={response} onOpen={setOpenId} />
              ))}
            </ul>
          )}
          {replies.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => void replies.fetchNextPage()}
              disabled={replies.isFetchingNextPage}
            >
              {replies.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </CardContent>
      </Card>
      <FollowupDialog responseId={openId} onClose={close} />
    </>
  );
}

function replyIdIn(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('reply'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
