import type { EmailHistoryItem, EmailHistoryKind } from '@contract/leads';
import { TRUNCATED_MESSAGE_NOTE } from '@contract/responses';
import {
  CalendarClock,
  Eye,
  FileQuestionMark,
  type LucideIcon,
  MailQuestionMark,
  MailX,
  MessageSquareReply,
  MousePointerClick,
  Reply,
  Send,
  ShieldAlert,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDay, formatDayTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';

const kinds: Record<EmailHistoryKind, { label: string; icon: LucideIcon; tone: string }> = {
  sent: { label: 'Sent', icon: Send, tone: 'text-muted-foreground' },
  our_reply: { label: 'Our reply', icon: Reply, tone: 'text-muted-foreground' },
  reply: { label: 'Replied', icon: MessageSquareReply, tone: 'text-emerald-600' },
  bounce: { label: 'Bounced', icon: MailX, tone: 'text-red-600' },
  complaint: { label: 'Spam complaint', icon: ShieldAlert, tone: 'text-red-600' },
  auto_reply: { label: 'Auto-reply', icon: CalendarClock, tone: 'text-amber-600' },
  unmatched_report: { label: 'Unmatched report', icon: MailQuestionMark, tone: 'text-muted-foreground' },
  unclassified: { label: 'Not read', icon: FileQuestionMark, tone: 'text-muted-foreground' },
};

/** What the history says of a report that named the lead without referring to a mail we sent (decision 0058). */
export const UNMATCHED_REPORT_NOTE = 'A report that did not refer to an email we sent. Nothing was changed.';
/** What it says of a message that could not be read in time (decision 0055). */
export const UNCLASSIFIED_NOTE = 'This message could not be read in time. Open it in your mailbox.';

const warning = 'border-red-200 bg-red-50 text-red-700';

/** What happened to the item beyond its kind: delivery trouble, human opens and clicks, a reply's priority. */
function ItemBadges({ item }: { item: EmailHistoryItem }) {
  if (item.kind === 'sent' || item.kind === 'our_reply') {
    return (
      <>
        {item.state === 'failed' && (
          <Badge variant="outline" className={warning}>
            Failed
          </Badge>
        )}
        {item.state === 'unknown' && (
          <Badge variant="outline" className="border-amber-200 bg-amber-50 text-amber-800">
            Delivery unknown
          </Badge>
        )}
        {item.opened > 0 && (
          <Badge variant="outline">
            <Eye aria-hidden="true" className="size-3" />
            Opened {item.opened}×
          </Badge>
        )}
        {item.clicked > 0 && (
          <Badge variant="outline">
            <MousePointerClick aria-hidden="true" className="size-3" />
            Clicked {item.clicked}×
          </Badge>
        )}
      </>
    );
  }
  if (item.kind === 'reply' && item.priority) {
    return (
      <Badge variant="outline" className={cn('capitalize', item.priority === 'hot' && warning)}>
        {item.priority} priority
      </Badge>
    );
  }
  return null;
}

/** The words under the subject: a reply's text, a bounce's diagnostic, a failure's error, an absence's end. */
function itemText(item: EmailHistoryItem): string | null {
  if (item.kind === 'sent' || item.kind === 'our_reply') return item.error ?? item.text;
  if (item.kind === 'auto_reply') return item.returnDate ? `Back on ${formatDay(item.returnDate)}` : null;
  if (item.kind === 'unmatched_report') return [UNMATCHED_REPORT_NOTE, item.text].filter(Boolean).join(' ');
  if (item.kind === 'unclassified') return UNCLASSIFIED_NOTE;
  return item.text;
}

/** One entry of Client Details' history (docs/product.md §9: dates as "MMM dd, yyyy h:mm a"). */
export function LeadHistoryItem({ item }: { item: EmailHistoryItem }) {
  const { label, icon: Icon, tone } = kinds[item.kind];
  const text = itemText(item);
  return (
    <li className="flex items-start gap-3 rounded-lg border px-3 py-2.5">
      <Icon className={cn('mt-0.5 size-4 shrink-0', tone)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">
          {item.subject || <span className="text-muted-foreground italic">(no subject)</span>}
        </p>
        <p className="text-muted-foreground text-xs">
          {label} · {formatDayTime(item.at)}
        </p>
        <div className="mt-1 flex flex-wrap gap-1 empty:hidden">
          <ItemBadges item={item} />
        </div>
        {text && (
          <p className="mt-1.5 line-clamp-3 whitespace-pre-line break-words text-muted-foreground text-sm">{text}</p>
        )}
        {'truncated' in item && item.truncated && (
          <p className="mt-1.5 text-muted-foreground text-xs italic">{TRUNCATED_MESSAGE_NOTE}</p>
        )}
      </div>
    </li>
  );
}
