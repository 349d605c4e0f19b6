import type { Invitation, InvitationList } from '@contract/admin';
import { MailPlus, UserPlus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmAction } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { formatDay } from '@/lib/format-date';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { InviteForm } from './invite-form';

/** Who may sign up on this server, in the admin's words. */
const SIGN_UP_DESCRIPTIONS: Record<InvitationList['signUp'], string> = {
  open: 'Anyone can sign up on this server. An invitation sends a link to the sign-up page with the address filled in.',
  invite: 'Sign-up on this server is by invitation only: invite each new user here. A link works once, for 7 days.',
  closed: 'Sign-up is closed on this server: nobody can create an account, so there is nobody to invite.',
};

function PendingInvitation({ invitation }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  const onRevoke = async () => {
    const confirmed = await confirmAction({
      title: 'Revoke this invitation?',
      description: `The link sent to ${invitation.email} stops working.`,
      confirmLabel: 'Revoke',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      toast({ title: 'Invitation Revoked', description: (await revoke.mutateAsync(invitation.id)).message });
    } catch (error) {
      toast({
        title: 'Revoke Failed',
        description: errorToastMessage(error, 'Failed to revoke the invitation'),
        variant: 'destructive',
      });
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-sm">{invitation.email}</p>
        <p className="text-muted-foreground text-xs">
          {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : ''}Expires {formatDay(invitation.expiresAt)}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRevoke} disabled={revoke.isPending} className="self-start">
        {revoke.isPending ? 'Revoking...' : 'Revoke'}
      </Button>
    </li>
  );
}

function PendingList({ invitations }: { invitations: Invitation[] }) {
  if (invitations.length === 0) {
    return (
      <EmptyState
        icon={MailPlus}
        title="No pending invitations"
        description="Invitations you send show here until they are used, revoked or expire."
        className="py-8"
      />
    );
  }
  return (
    <ul className="divide-y" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <PendingInvitation key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  );
}

/** Beyond the product rules: invitations to sign up (decision 0060), sent by email or as a link, and the pending ones to revoke. */
export function InvitationsCard() {
  const invitations = useInvitations();
  const data = invitations.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-4 text-primary" aria-hidden="true" />
          Invitations
        </CardTitle>
        <CardDescription>{data ? SIGN_UP_DESCRIPTIONS[data.signUp] : 'Invite people to sign up.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {invitations.isPending && (
          <div className="grid gap-3" role="status" aria-label="Loading invitations">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
        {invitations.isError && (
          <p className="rounded-md border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
            {errorToastMessage(invitations.error, 'The invitations could not be loaded.')}
          </p>
        )}
        {data && data.signUp !== 'closed' && <InviteForm mailAvailable={data.mailAvailable} />}
        {data && (data.signUp !== 'closed' || data.invitations.length > 0) && (
          <section className="grid gap-1">
            <h3 className="font-semibold text-sm">Pending invitations</h3>
            <PendingList invitations={data.invitations} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}
