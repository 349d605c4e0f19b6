import type { User } from '@contract/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** docs/product.md §2: the account's email, read-only. */
export function AccountInformationCard({ user }: { user: Pick<User, 'email'> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>The email address you sign in with.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor="account-email">Email</Label>
        <Input id="account-email" type="email" value={user.email} readOnly disabled />
      </CardContent>
    </Card>
  );
}
