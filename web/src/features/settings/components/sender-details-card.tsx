import type { User } from '@contract/auth';
import { displayName } from '@contract/display';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateProfile } from '../api/update-profile';

/** What every campaign mail's footer says about the sender; the law requires the postal address (CAN-SPAM). */
export function SenderDetailsCard({ user }: { user: User }) {
  const [postalAddress, setPostalAddress] = useState(user.postalAddress ?? '');
  const update = useUpdateProfile();
  const save = async () => {
    try {
      await update.mutateAsync({ postalAddress });
      toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to update profile'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sender details</CardTitle>
        <CardDescription>Printed at the foot of every campaign email, with an unsubscribe link.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">Sender name</span>
          <span className="font-medium">{displayName(user)}</span>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="postal-address">Postal address</Label>
          <Textarea
            id="postal-address"
            rows={3}
            maxLength={500}
            value={postalAddress}
            onChange={(event) => setPostalAddress(event.target.value)}
            placeholder="e.g. 12 Elm Street, Austin, TX 78701"
          />
          <p className="text-muted-foreground text-xs">
            Required before sending: the law asks for a postal address in every marketing email.
          </p>
        </div>
        <Button onClick={save} disabled={update.isPending} className="justify-self-start">
          {update.isPending ? 'Saving...' : 'Save Sender Details'}
        </Button>
      </CardContent>
    </Card>
  );
}
