import type { User } from '@contract/auth';
import { UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** docs/product.md §2: the profile the strategy is written from, "Not set" where empty, with a way to change it. */
export function ProfileSummaryCard({ user }: { user: User }) {
  const rows = [
    ['Company', user.companyName],
    ['Industry', user.industry],
    ['Service', user.service],
    ['Target Clients', user.preferredLocalClients],
  ] as const;
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <UserRound className="size-4 text-primary" aria-hidden="true" />
            Your Profile
          </CardTitle>
          <CardDescription>Your strategy is written from these details.</CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link href="/settings">Edit Profile</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <dl aria-label="Your Profile" className="grid gap-4 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className={value?.trim() ? 'font-medium' : 'text-muted-foreground italic'}>
                {value?.trim() || 'Not set'}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
