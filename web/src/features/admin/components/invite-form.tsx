import type { InvitationSent } from '@contract/admin';
import { Copy, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useCreateInvitation } from '../api/create-invitation';

/** The link of an invitation that was not mailed, for the admin to copy and pass on, with the server's words why. */
function LinkToPassOn({ sent }: { sent: InvitationSent }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.link);
      toast({ title: 'Link Copied', description: `Pass it on to ${sent.invitation.email}.` });
    } catch {
      toast({ title: 'Copy Failed', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-2 rounded-md border bg-muted/50 p-4" role="status">
      <p className="text-sm">{sent.message}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={sent.link}
          aria-label={`Invitation link for ${sent.invitation.email}`}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy Link
        </Button>
      </div>
    </div>
  );
}

/** An address to invite; the invitation is mailed, or its link shown to pass on where this server sends no mail. */
export function InviteForm({ mailAvailable }: { mailAvailable: boolean }) {
  const createInvitation = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [unmailed, setUnmailed] = useState<InvitationSent | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setUnmailed(null);
    try {
      const sent = await createInvitation.mutateAsync({ email });
      setEmail('');
      if (sent.mailed) toast({ title: 'Invitation Sent', description: sent.message });
      else setUnmailed(sent);
    } catch (error) {
      toast({
        title: 'Invitation Failed',
        description: errorToastMessage(error, 'Failed to send the invitation'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} className="grid gap-2">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField
            id="invite-email"
            label="Email address to invite"
            type="email"
            autoComplete="off"
            placeholder="colleague@company.com"
            required
            className="flex-1"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" disabled={createInvitation.isPending}>
            <Send aria-hidden="true" />
            {createInvitation.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </div>
        {!mailAvailable && (
          <p className="text-muted-foreground text-xs">
            This server cannot send email: you get a link to copy and pass on yourself.
          </p>
        )}
      </form>
      {unmailed && <LinkToPassOn sent={unmailed} />}
    </div>
  );
}
