import { CalendarCheck, MailOpen, Reply } from 'lucide-react';

const stats = [
  { label: 'Opened', value: '48%', icon: MailOpen },
  { label: 'Replied', value: '12', icon: Reply },
  { label: 'Meetings', value: '5', icon: CalendarCheck },
];

/** A decorative picture of a running campaign for the landing hero; it shows no real data. */
export function CampaignPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="-inset-4 absolute rotate-2 rounded-3xl bg-primary/10" />
      <div className="relative rounded-2xl border bg-card p-6 shadow-xl">
        <div className="flex items-center justify-between">
          <div>
            <p className="font-semibold">Spring homeowners campaign</p>
            <p className="text-muted-foreground text-sm">Weekly · 120 local leads</p>
          </div>
          <span className="rounded-full bg-success/15 px-2.5 py-0.5 font-medium text-success text-xs">Running</span>
        </div>
        <div className="mt-6">
          <div className="flex justify-between text-muted-foreground text-xs">
            <span>Sent 84 of 120</span>
            <span>70%</span>
          </div>
          <div className="mt-2 h-2 rounded-full bg-muted">
            <div className="h-2 w-[70%] rounded-full bg-primary" />
          </div>
        </div>
        <div className="mt-6 grid grid-cols-3 gap-3">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg border bg-background p-3">
              <stat.icon className="size-4 text-primary" />
              <p className="mt-2 font-semibold text-lg">{stat.value}</p>
              <p className="text-muted-foreground text-xs">{stat.label}</p>
            </div>
          ))}
        </div>
        <div className="mt-6 rounded-lg bg-accent p-3 text-sm">
          <p className="font-medium text-accent-foreground">Hi Maria, quick idea for Bayside Realty…</p>
          <p className="mt-1 text-muted-foreground text-xs">Personalised with AI · Follow-up in 3 days</p>
        </div>
      </div>
    </div>
  );
}
