import {
  originalEmailPreview,
  RESPONSE_MESSAGES,
  type ResponseDetails,
  TRUNCATED_MESSAGE_NOTE,
} from '@contract/responses';
import { CheckCheck, MailX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useCompleteFollowup } from '../api/complete-followup';
import { useResponseDetails } from '../api/get-response-details';
import { useSendReply } from '../api/send-reply';
import { followupState, leadName } from '../lib/response-display';
import { EmailThread } from './email-thread';
import { PriorityBadge } from './priority-badge';
import { ReplyForm } from './reply-form';
import { ResponseControls } from './response-controls';
import { ResponseMarkers } from './response-markers';

function OriginalEmail({ sentEmail }: { sentEmail: NonNullable<ResponseDetails['sentEmail']> }) {
  return (
    <section aria-label="Original email" className="grid gap-1 rounded-lg border border-dashed p-3 text-sm">
      <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Original email</h3>
      <p className="font-medium">{sentEmail.subject}</p>
      <p className="text-muted-foreground">{originalEmailPreview(sentEmail.body)}</p>
    </section>
  );
}

/** The conversation after our first mail, which the original email's preview shows. */
function withoutOriginal(thread: ResponseDetails['thread']): ResponseDetails['thread'] {
  const first = thread.findIndex((message) => message.direction === 'outbound');
  return first === -1 ? thread : thread.filter((_, index) => index !== first);
}

function LoadedFollowup({ response, onDone }: { response: ResponseDetails; onDone: () => void }) {
  const send = useSendReply();
  const complete = useCompleteFollowup();
  const state = followupState(response);

  const onSend = async (body: string) => {
    try {
      await send.mutateAsync({ id: response.id, body });
      toast({ title: 'Success', description: RESPONSE_MESSAGES.replySent });
      onDone();
      return true;
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, RESPONSE_MESSAGES.replyFailed),
        variant: 'destructive',
      });
      return false;
    }
  };

  const onComplete = async () => {
    try {
      await complete.mutateAsync(response.id);
      toast({ title: 'Success', description: RESPONSE_MESSAGES.completed });
      onDone();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, RESPONSE_MESSAGES.completeFailed),
        variant: 'destructive',
      });
    }
  };

  return (
    // Columns as wide as the dialog: a long address is cut short rather than widening it.
    <div className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold">{leadName(response.lead)}</p>
          <PriorityBadge priority={response.priority} />
          <ResponseMarkers response={response} />
        </div>
        <p className="text-muted-foreground text-sm">
          <span className="inline-block max-w-full truncate align-bottom" title={response.lead.email}>
            {response.lead.email}
          </span>
          {response.lead.company && ` · ${response.lead.company}`}
          {response.priorityReason && ` · ${response.priorityReason}`}
        </p>
        {response.unsubscribeRequest && (
          <p className="flex items-center gap-2 text-red-700 text-sm">
            <MailX className="size-4 shrink-0" aria-hidden="true" />
            This prospect asked to get no more email: they were unsubscribed from your campaigns.
          </p>
        )}
        {response.truncated && <p className="text-muted-foreground text-sm italic">{TRUNCATED_MESSAGE_NOTE}</p>}
        <ResponseControls response={response} />
      </div>
      {response.sentEmail && <OriginalEmail sentEmail={response.sentEmail} />}
      {/* The original email shows once: as its preview above, not again as the conversation's first message. */}
      <EmailThread messages={response.sentEmail ? withoutOriginal(response.thread) : response.thread} />
      <ReplyForm responseId={response.id} sending={send.isPending} onSend={onSend} />
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
        <p className="text-muted-foreground text-sm">
          {state === 'completed' ? 'This follow-up is completed.' : 'Done with this reply? Mark it complete.'}
        </p>
        {state !== 'completed' && (
          <Button variant="outline" onClick={onComplete} disabled={complete.isPending}>
            <CheckCheck />
            {complete.isPending ? 'Saving...' : 'Mark as Complete'}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The body of the "Email Follow-up" modal: the reply as loaded, or docs/product.md §2's words when it cannot be. */
export function FollowupDetails({ responseId, onDone }: { responseId: number; onDone: () => void }) {
  const details = useResponseDetails(responseId);

  if (details.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading email">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (details.isError) {
    return (
      <div className="grid justify-items-center gap-2 py-6 text-center" role="alert">
        <p className="font-semibold">{RESPONSE_MESSAGES.detailsFailedTitle}</p>
        <p className="text-muted-foreground text-sm">{RESPONSE_MESSAGES.detailsFailed}</p>
        <DialogClose asChild>
          <Button variant="outline" className="mt-2">
            Close
          </Button>
        </DialogClose>
      </div>
    );
  }
  return <LoadedFollowup response={details.data} onDone={onDone} />;
}
