import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const practices = [
  {
    title: 'Authenticate your domain',
    text: 'Publish SPF and DKIM records for the domain you send from, and a DMARC policy. Your mail provider’s help pages give the exact records.',
  },
  {
    title: 'Warm up new mailboxes',
    text: 'Start a new mailbox with a low daily limit, such as 20 a day, and raise it gradually over a few weeks.',
  },
  {
    title: 'Test before you send',
    text: 'Send a test email to yourself and check the template preview with a real lead.',
  },
  {
    title: 'Write for one person',
    text: 'Use the variables, keep the email short and end with one clear question or next step.',
  },
  {
    title: 'Answer quickly',
    text: 'Hot and high-priority replies are worth a same-day answer.',
  },
  {
    title: 'Keep what works',
    text: 'Compare templates on Analytics and archive the ones that get few responses.',
  },
];

export function BestPracticesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            Best Practices
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {practices.map((practice) => (
            <li key={practice.title} className="text-sm">
              <p className="font-medium">{practice.title}</p>
              <p className="text-muted-foreground">{practice.text}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
