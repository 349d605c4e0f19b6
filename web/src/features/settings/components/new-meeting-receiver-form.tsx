import {
  MAX_MEETING_SECRET_LENGTH,
  MEETING_PROVIDER_NAMES,
  MEETING_RECEIVER_PROVIDERS,
  type MeetingReceiver,
  type MeetingReceiverProvider,
  MIN_MEETING_SECRET_LENGTH,
} from '@contract/meeting-receivers';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { errorToastMessage } from '@/lib/api';
import { useCreateMeetingReceiver } from '../api/create-meeting-receiver';

const PROVIDER_OPTIONS = MEETING_RECEIVER_PROVIDERS.map((provider) => ({
  value: provider,
  label: MEETING_PROVIDER_NAMES[provider],
}));

/** Chooses the scheduling tool and, if the user has one already, its secret; hands the made receiver on. */
export function NewMeetingReceiverForm({ onCreated }: { onCreated: (receiver: MeetingReceiver) => void }) {
  const create = useCreateMeetingReceiver();
  const [provider, setProvider] = useState<MeetingReceiverProvider>('calcom');
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const given = secret.trim();
    if (given !== '' && given.length < MIN_MEETING_SECRET_LENGTH) {
      return setProblem(`The secret must be at least ${MIN_MEETING_SECRET_LENGTH} characters, or leave it empty.`);
    }
    setProblem(null);
    try {
      const created = await create.mutateAsync(given === '' ? { provider } : { provider, secret: given });
      setSecret('');
      onCreated(created);
    } catch (error) {
      setProblem(errorToastMessage(error, 'The receiver could not be added. Please try again.'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor="meeting-receiver-provider">Scheduling tool</Label>
        <OptionSelect
          id="meeting-receiver-provider"
          value={provider}
          options={PROVIDER_OPTIONS}
          onValueChange={(value) => setProvider(value as MeetingReceiverProvider)}
        />
      </div>
      <FormField
        id="meeting-receiver-secret"
        label="Secret (optional)"
        autoComplete="off"
        maxLength={MAX_MEETING_SECRET_LENGTH}
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        hint={`Leave it empty and LocalReach makes one for you to paste into ${MEETING_PROVIDER_NAMES[provider]}; or enter the one you already use (at least ${MIN_MEETING_SECRET_LENGTH} characters).`}
      />
      {problem && (
        <p role="alert" className="text-red-700 text-sm">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Adding...' : 'Add Receiver'}
      </Button>
    </form>
  );
}
