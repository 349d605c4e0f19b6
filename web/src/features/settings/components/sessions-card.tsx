import { MonitorSmartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmAction } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useLogoutEverywhere } from '../api/logout-everywhere';

/** Beyond the product rules: ends every session of the account (a lost phone, a shared computer), this browser's too. */
export function SessionsCard() {
  const logoutEverywhere = useLogoutEverywhere();

  const signOutEverywhere = async () => {
    const confirmed = await confirmAction({
      title: 'Sign out everywhere?',
      description: 'Every browser and device signed in to your account is signed out, this one included.',
      confirmLabel: 'Sign Out Everywhere',
      destructive: true,
    });
    if (!confirmed) return;
    logoutEverywhere.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorToastMessage(error, 'Failed to sign out everywhere'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-4 text-primary" aria-hidden="true" />
          Sessions
        </CardTitle>
        <CardDescription>
          Signed in on a device you no longer use? Sign out on every device at once; you sign in again here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={signOutEverywhere} disabled={logoutEverywhere.isPending}>
          {logoutEverywhere.isPending ? 'Signing out...' : 'Sign Out Everywhere'}
        </Button>
      </CardContent>
    </Card>
  );
}
