import type { User } from '@contract/auth';
import { useUpdateProfile } from '@/api/update-profile';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useBookingLinksDraft } from '../lib/use-booking-links-draft';
import { AiProviderCard } from './ai-provider-card';
import { BookingLinksCard } from './booking-links-card';
import { MarketingStrategyCard } from './marketing-strategy-card';
import { SaveGroupButton } from './save-group-button';

/**
 * The Mailbox defaults tab: what the emails of every mailbox carry and are written from (the booking links, the
 * strategy, and for administrators the AI that drafts them). Only the booking links are saved here; the strategy has
 * its own screen and the AI provider is the server's.
 */
export function MailboxDefaultsSettings({ user }: { user: User }) {
  const draft = useBookingLinksDraft(user.bookingUrls);
  const update = useUpdateProfile();

  const save = async () => {
    const bookingUrls = draft.toSave();
    if (!bookingUrls) return;
    try {
      const saved = await update.mutateAsync({ bookingUrls });
      draft.setLinks(saved.bookingUrls);
      toast({
        title: 'Mailbox defaults saved',
        description: 'Clicks on your booking links in any mailbox’s emails now count as meetings booked.',
      });
    } catch (caught) {
      toast({
        title: 'Error',
        description: errorToastMessage(caught, 'Failed to save the mailbox defaults'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-6">
      <MarketingStrategyCard />
      {user.isAdmin && <AiProviderCard />}
      <BookingLinksCard draft={draft} />
      <SaveGroupButton
        label="Save Mailbox Defaults"
        group="Mailbox defaults"
        pending={update.isPending}
        onClick={save}
      />
    </div>
  );
}
