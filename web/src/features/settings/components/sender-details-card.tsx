import type { User } from '@contract/auth';
import { displayName } from '@contract/display';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/**
 * What every campaign mail's footer says about the sender; the law requires the postal address (CAN-SPAM). Saved
 * with the rest of the Profile tab. The field's id is the anchor `/settings#postal-address` lands on.
 */
export function SenderDetailsCard({
  user,
  postalAddress,
  onChange,
}: {
  user: User;
  postalAddress: string;
  onChange: (postalAddress: string) => void;
}) {
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
            onChange={(event) => onChange(event.target.value)}
            placeholder="e.g. 12 Elm Street, Austin, TX 78701"
            aria-describedby="postal-address-note"
          />
          <p id="postal-address-note" className="text-muted-foreground text-xs">
            Required before sending: the law asks for a postal address in every marketing email.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
