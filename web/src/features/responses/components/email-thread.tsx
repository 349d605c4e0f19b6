import type { ThreadMessage } from '@contract/responses';
import { formatDayTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';

/** The conversation, oldest first: our mails on the right in the brand tint, the prospect's on the left. */
export function EmailThread({ messages }: { messages: ThreadMessage[] }) {
  return (
    <ol aria-label="Conversation" className="grid grid-cols-1 gap-3">
      {messages.map((message) => {
        const ours = message.direction === 'outbound';
        return (
          <li
            key={message.id}
            aria-label={ours ? 'Sent by you' : `From ${message.from}`}
            className={cn(
              'grid max-w-[85%] grid-cols-1 gap-1 rounded-lg border p-3 text-sm',
              ours ? 'justify-self-end border-primary/20 bg-primary/5' : 'justify-self-start bg-muted/60',
            )}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-xs">
              <span className="min-w-0 max-w-full truncate font-medium" title={ours ? undefined : message.from}>
                {ours ? 'You' : message.from}
              </span>
              <span className="text-muted-foreground tabular-nums">{formatDayTime(message.at)}</span>
            </div>
            <p className="font-medium">{message.subject}</p>
            <p className="whitespace-pre-wrap break-words">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
