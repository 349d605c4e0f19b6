import type { LeadDetail } from '@contract/leads';
import { Building2, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { formatMonthDay } from '@/lib/format-date';
import { leadName } from '../lib/lead-display';
import { LeadAddressBadges, LeadAddressNotes } from './lead-address-flags';
import { LeadAvatar } from './lead-avatar';
import { LeadStatusBadge } from './lead-status-badge';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2.5">
      <p className="text-muted-foreground text-xs">{label}</p>
      <p className="mt-0.5 font-semibold text-sm">{value}</p>
    </div>
  );
}

/** The header card of Client Details: who the lead is and how contact has gone. */
export function LeadProfileCard({ detail, action }: { detail: LeadDetail; action: ReactNode }) {
  const { lead } = detail;
  return (
    <Card className="gap-4 py-5">
      <CardContent className="flex flex-col gap-4 px-5">
        <div className="flex flex-wrap items-start gap-4">
          <LeadAvatar lead={lead} className="size-12 text-lg" />
          <div className="min-w-0 flex-1 basis-48">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="truncate font-semibold text-lg">
                {leadName(lead) ?? <span className="text-muted-foreground italic">Name not provided</span>}
              </h3>
              <LeadStatusBadge status={lead.status} />
              <LeadAddressBadges lead={lead} />
            </div>
            <LeadAddressNotes lead={lead} />
            <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-sm">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{lead.email}</span>
            </p>
            {lead.company && (
              <p className="mt-0.5 flex items-center gap-1.5 text-muted-foreground text-sm">
                <Building2 className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{lead.company}</span>
              </p>
            )}
          </div>
          {action}
        </div>
        <div className="grid grid-cols-3 gap-2">
          <Stat label="Emails Sent" value={String(detail.contactCount)} />
          <Stat label="Response Status" value={detail.hasResponded ? 'Responded' : 'No Response'} />
          <Stat label="Last Contact" value={formatMonthDay(detail.lastContactedAt)} />
        </div>
      </CardContent>
    </Card>
  );
}
