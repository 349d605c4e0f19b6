import {
  type ProspectResponse,
  previewText,
  RESPONSE_PREVIEW_CHARS,
  TRUNCATED_MESSAGE_NOTE,
} from '@contract/responses';
import { formatDayTime } from '@/lib/format-date';
import { leadName } from '../lib/response-display';
import { PriorityBadge } from './priority-badge';
import { ResponseMarkers } from './response-markers';

/** One prospect reply in a list (the dashboard panel, the Inbox page); a click opens it. */
export function ResponseRow({ response, onOpen }: { response: ProspectResponse; onOpen: (id: number) => void }) {
  const name = leadName(response.lead);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(response.id)}
        aria-label={`Open the reply from ${name}: ${response.subject}`}
        className="grid w-full grid-cols-1 gap-1.5 rounded-lg border p-3 text-left text-sm transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 truncate font-medium">{name}</span>
          {response.lead.company && (
            <span className="min-w-0 truncate text-muted-foreground">· {response.lead.company}</span>
          )}
          <PriorityBadge priority={response.priority} />
          <ResponseMarkers response={response} />
          <span className="ml-auto shrink-0 text-muted-foreground text-xs tabular-nums">
            {formatDayTime(response.receivedAt)}
          </span>
        </span>
        {response.priorityReason && <span className="text-muted-foreground text-xs">{response.priorityReason}</span>}
        <span className="truncate font-medium">{response.subject}</span>
        <span className="text-muted-foreground">{previewText(response.body, RESPONSE_PREVIEW_CHARS)}</span>
        {response.truncated && <span className="text-muted-foreground text-xs italic">{TRUNCATED_MESSAGE_NOTE}</span>}
      </button>
    </li>
  );
}
