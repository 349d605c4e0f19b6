import type { ProspectResponse } from '@contract/responses';
import { CalendarCheck, CircleCheck, MailX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { followupState } from '../lib/response-display';

/** What was done about a reply: answered or closed, a meeting booked, the prospect asked to hear no more. */
export function ResponseMarkers({ response }: { response: ProspectResponse }) {
  return (
    <>
      {followupState(response) === 'completed' && (
        <Badge variant="outline" className="border-emerald-200 bg-emerald-50 text-emerald-700">
          <CircleCheck className="size-3" aria-hidden="true" />
          Completed
        </Badge>
      )}
      {response.meetingBookedAt && (
        <Badge variant="outline" className="border-violet-200 bg-violet-50 text-violet-700">
          <CalendarCheck className="size-3" aria-hidden="true" />
          Meeting booked
        </Badge>
      )}
      {response.unsubscribeRequest && (
        <Badge variant="outline" className="border-red-200 bg-red-50 text-red-700">
          <MailX className="size-3" aria-hidden="true" />
          Unsubscribe request
        </Badge>
      )}
    </>
  );
}
