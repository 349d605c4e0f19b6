import type { User } from '@contract/auth';
import { Globe } from 'lucide-react';
import { useMemo, useState } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { timezoneOptions } from '../lib/timezone-options';

/** Beyond the product rules: the zone whose midnight resets the daily sending limits and whose clock the sending window follows. */
export function TimezoneCard({ user }: { user: User }) {
  const [timezone, setTimezone] = useState(user.timezone);
  const update = useUpdateProfile();
  const options = useMemo(
    () => timezoneOptions(user.timezone, Intl.supportedValuesOf('timeZone'), new Date()),
    [user.timezone],
  );

  const save = async () => {
    try {
      const saved = await update.mutateAsync({ timezone });
      setTimezone(saved.timezone);
      toast({ title: 'Timezone saved', description: `Your days now run on ${saved.timezone} time.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to save the timezone'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-4 text-primary" aria-hidden="true" />
          Timezone
        </CardTitle>
        <CardDescription>
          Each mailbox's daily sending limit resets at midnight in this timezone, and the sending window's times are
          read in it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="timezone">Timezone</Label>
          <OptionSelect id="timezone" value={timezone} options={options} onValueChange={setTimezone} />
        </div>
        <Button onClick={save} disabled={update.isPending || timezone === user.timezone} className="justify-self-start">
          {update.isPending ? 'Saving...' : 'Save Timezone'}
        </Button>
      </CardContent>
    </Card>
  );
}
