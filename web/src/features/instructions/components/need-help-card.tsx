import { LifeBuoy, Mail, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { useSupport } from '@/api/get-support';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function NeedHelpCard() {
  const support = useSupport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <LifeBuoy className="size-5 text-primary" aria-hidden="true" />
            Need Help?
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          A mailbox that stopped sending or reading replies shows the mail server’s answer on its card under Email
          Accounts. Most problems are fixed by connecting it again.
        </p>
        <p className="text-muted-foreground">
          Sender details, your timezone, the sending window and booking links are all in Settings.
        </p>
        <p className="text-muted-foreground">
          Outlook and Google sign-in and the AI provider are set up on the server: ask your LocalReach administrator.
          Subscribers get priority support by email, with an answer within 24 hours
          {support.data?.email ? (
            <>
              {': write to '}
              <a href={`mailto:${support.data.email}`} className="font-medium text-primary hover:underline">
                {support.data.email}
              </a>
              .
            </>
          ) : (
            ': ask your LocalReach administrator.'
          )}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button variant="outline" size="sm" asChild>
            <Link href="/accounts">
              <Mail />
              Email Accounts
            </Link>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <Link href="/settings">
              <Settings />
              Settings
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
