import { MAX_BOOKING_URLS } from '@contract/auth';
import { CalendarCheck, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { BookingLinksDraft } from '../lib/use-booking-links-draft';

/**
 * The user's booking pages (Calendly and the like): a person's click on one in a campaign mail is a meeting booked.
 * Saved with the rest of the Mailbox defaults tab.
 */
export function BookingLinksCard({ draft }: { draft: BookingLinksDraft }) {
  const full = draft.links.length >= MAX_BOOKING_URLS;

  const add = (event: FormEvent) => {
    event.preventDefault();
    draft.addTyped();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarCheck className="size-4 text-primary" aria-hidden="true" />
          Booking links
        </CardTitle>
        <CardDescription>
          Pages where prospects book a meeting with you, such as your Calendly page. When a prospect clicks one in your
          emails, it counts as a meeting booked.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {draft.links.length === 0 ? (
          <p className="text-muted-foreground text-sm">No booking links yet.</p>
        ) : (
          <ul aria-label="Booking links" className="grid gap-2">
            {draft.links.map((link) => (
              <li key={link} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span className="truncate">{link}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${link}`}
                  onClick={() => draft.remove(link)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} className="flex items-start gap-2" noValidate>
          <FormField
            id="booking-link"
            label="Booking link"
            type="url"
            className="flex-1"
            placeholder="https://calendly.com/your-name/30min"
            value={draft.typed}
            disabled={full}
            error={draft.error}
            hint={full ? `You can list at most ${MAX_BOOKING_URLS} booking links.` : undefined}
            onChange={(event) => draft.setTyped(event.target.value)}
          />
          {/* Level with the input, below the field's label (14px line and 8px gap). */}
          <Button type="submit" variant="outline" className="mt-[22px] h-10" disabled={full}>
            Add
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
