import type { Lead } from '@contract/leads';
import { Badge } from '@/components/ui/badge';
import { formatDay } from '@/lib/format-date';

// Flags warn, they never block: the user decides whether such a lead is worth a mail.
const flags = [
  {
    label: 'Role address',
    why: 'Role addresses reach a team, not a person, and are often filtered.',
    on: (lead: Lead) => lead.isRoleAddress,
  },
  {
    label: 'Disposable domain',
    why: 'Disposable addresses are throwaway inboxes that rarely reach a buyer and often expire.',
    on: (lead: Lead) => lead.isDisposable,
  },
];

/** Badges for a role address or a disposable domain, each saying why it matters on hover. */
export function LeadAddressBadges({ lead }: { lead: Lead }) {
  return flags
    .filter((flag) => flag.on(lead))
    .map((flag) => (
      <Badge key={flag.label} variant="outline" title={flag.why} className="border-sky-200 bg-sky-50 text-sky-800">
        {flag.label}
      </Badge>
    ));
}

/** Why the lead is bounced or unsubscribed, and why its address flags matter, in sentences. */
export function LeadAddressNotes({ lead }: { lead: Lead }) {
  const notes = [
    ...(lead.statusReason
      ? [lead.statusChangedAt ? `${lead.statusReason} (${formatDay(lead.statusChangedAt)})` : lead.statusReason]
      : []),
    ...flags.filter((flag) => flag.on(lead)).map((flag) => flag.why),
  ];
  if (notes.length === 0) return null;
  return (
    <ul className="mt-1.5 flex flex-col gap-0.5 text-muted-foreground text-xs">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
