import { MapPin } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/**
 * The first-run ask for the postal address every campaign mail's footer carries (the law wants one in each commercial
 * mail, and sending waits for it), so that it does not first surface at Send. It may be skipped: Settings keeps it.
 */
export function PostalAddressCard({
  value,
  onChange,
  saving,
  onSave,
  onSkip,
}: {
  value: string;
  onChange: (value: string) => void;
  saving: boolean;
  onSave: () => void;
  onSkip: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapPin className="size-4 text-primary" aria-hidden="true" />
          Your postal address
        </CardTitle>
        <CardDescription>
          The law requires a postal address in every marketing email, so it is printed at the foot of each email you
          send, with the unsubscribe link. Your campaigns cannot be sent until you add one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="onboarding-postal-address">Postal address</Label>
            <Textarea
              id="onboarding-postal-address"
              rows={3}
              maxLength={500}
              autoComplete="street-address"
              placeholder="e.g. 12 Elm Street, Austin, TX 78701"
              value={value}
              onChange={(event) => onChange(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={saving || !value.trim()}>
              {saving ? 'Saving...' : 'Save Address'}
            </Button>
            <Button type="button" variant="ghost" onClick={onSkip} disabled={saving}>
              Skip for now
            </Button>
            <p className="text-muted-foreground text-sm">You can add it later in Settings.</p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
