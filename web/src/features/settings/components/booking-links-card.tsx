import { MAX_BOOKING_URLS, type User } from '@contract/auth';
import { CalendarCheck, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { addBookingLink } from '../lib/booking-links';

/** The user's booking pages (Calendly and the like): a person's click on one in a campaign mail is a meeting booked. */
export function BookingLinksCard({ user }: { user: User }) {
  const [links, setLinks] = useState<string[]>(user.bookingUrls);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateProfile();
  const full = links.length >= MAX_BOOKING_URLS;

  /** Adds the typed link; answers the list to save, or null when the link was refused. */
  const addTyped = (): string[] | null => {
    const added = addBookingLink(links, typed);
    if (typeof added === 'string') {
      setError(added);
      return null;
    }
    setLinks(added);
    setTyped('');
    setError(undefined);
    return added;
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    addTyped();
  };

  const save = async () => {
    // A link typed but not yet added is saved with the others.
    const bookingUrls = typed.trim() ? addTyped() : links;
    if (!bookingUrls) return;
    try {
      const saved = await update.mutateAsync({ bookingUrls });
      setLinks(saved.bookingUrls);
      toast({ title: 'Booking links saved', description: 'Clicks on these links now count as meetings booked.' });
    } catch (caught) {
      toast({
        title: 'Error',
        description: errorToastMessage(caught, 'Failed to save the booking links'),
        variant: 'destructive',
      });
    }
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
        {links.length === 0 ? (
          <p className="text-muted-foreground text-sm">No booking links yet.</p>
        ) : (
          <ul aria-label="Booking links" className="grid gap-2">
            {links.map((link) => (
              <li key={link} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span className="truncate">{link}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${link}`}
                  onClick={() => setLinks(links.filter((other) => other !== link))}
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
            value={typed}
            disabled={full}
            error={error}
            hint={full ? `You can list at most ${MAX_BOOKING_URLS} booking links.` : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
          />
          {/* Level with the input, below the field's label (14px line and 8px gap). */}
          <Button type="submit" variant="outline" className="mt-[22px] h-10" disabled={full}>
            Add
          </Button>
        </form>
        <Button onClick={save} disabled={update.isPending} className="justify-self-start">
          {update.isPending ? 'Saving...' : 'Save Booking Links'}
        </Button>
      </CardContent>
    </Card>
  );
}
