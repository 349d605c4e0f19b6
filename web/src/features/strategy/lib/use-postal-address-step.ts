import type { User } from '@contract/auth';
import { useState } from 'react';
import { useUpdateProfile } from '@/api/update-profile';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';

/**
 * The onboarding's postal address: asked while the user has none and has not skipped it on this visit; saved to the
 * profile, where Settings shows it.
 */
export function usePostalAddressStep(user: User) {
  const [draft, setDraft] = useState('');
  const [skipped, setSkipped] = useState(false);
  const update = useUpdateProfile();
  const asking = !skipped && !user.postalAddress?.trim();

  const store = async (announce: boolean): Promise<boolean> => {
    try {
      // The answer replaces the cached user, which has an address from then on: the ask goes.
      await update.mutateAsync({ postalAddress: draft });
      if (announce) {
        toast({ title: 'Postal address saved', description: 'It is printed at the foot of every campaign email.' });
      }
      return true;
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to save the postal address'),
        variant: 'destructive',
      });
      return false;
    }
  };

  return {
    asking,
    draft,
    setDraft,
    saving: update.isPending,
    save: () => void store(true),
    skip: () => setSkipped(true),
    /** Before the strategy is saved and the screen left: an address typed but not yet saved goes too. */
    saveTyped: async (): Promise<boolean> => (asking && draft.trim() ? store(false) : true),
  };
}
