import type { User } from '@contract/auth';
import { formatSendingWindow, type SendingWindow } from '@contract/sending-window';
import { type FormEvent, useState } from 'react';
import { useUpdateProfile } from '@/api/update-profile';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { checkSendingWindow, type SendingWindowErrors } from '../lib/sending-window';
import { SaveGroupButton } from './save-group-button';
import { SendingWindowCard } from './sending-window-card';
import { TimezoneCard } from './timezone-card';

/** The Sending tab: the user's timezone and the sending window read in it, saved together in one call. */
export function SendingSettings({ user }: { user: User }) {
  const [timezone, setTimezone] = useState(user.timezone);
  const [sendingWindow, setSendingWindow] = useState<SendingWindow>(user.sendingWindow);
  const [errors, setErrors] = useState<SendingWindowErrors>({});
  const update = useUpdateProfile();

  const editWindow = (next: SendingWindow) => {
    setSendingWindow(next);
    // The end's error depends on the start too: any edit may answer any message.
    setErrors({});
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSendingWindow(sendingWindow);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const saved = await update.mutateAsync({ timezone, sendingWindow: checked.window });
      setTimezone(saved.timezone);
      setSendingWindow(saved.sendingWindow);
      toast({
        title: 'Sending settings saved',
        description: `Follow-up steps now go out ${formatSendingWindow(saved.sendingWindow)} (${saved.timezone}), and daily limits reset at midnight there.`,
      });
    } catch (caught) {
      toast({
        title: 'Error',
        description: errorToastMessage(caught, 'Failed to save the sending settings'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={save} className="grid gap-6" noValidate>
      <TimezoneCard timezone={timezone} onChange={setTimezone} />
      <SendingWindowCard value={sendingWindow} errors={errors} timezone={timezone} onChange={editWindow} />
      <SaveGroupButton label="Save Sending Settings" group="Sending" pending={update.isPending} />
    </form>
  );
}
