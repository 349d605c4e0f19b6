import { ArrowRight, Rocket } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const steps = [
  {
    title: 'Complete your profile',
    text: 'Your company, industry, service and local clients shape every AI draft. Add your postal address under Sender details: campaigns cannot start without it.',
    href: '/settings',
    link: 'Open Settings',
  },
  {
    title: 'Connect a mailbox',
    text: 'Your campaigns go out from your own Outlook, Gmail or SMTP/IMAP mailbox.',
    href: '/accounts',
    link: 'Open Email Accounts',
  },
  {
    title: 'Add your leads',
    text: 'Upload a CSV file or add leads one at a time.',
    href: '/leads',
    link: 'Open Leads',
  },
  {
    title: 'Write a template',
    text: 'Write it yourself or draft it with AI, then set its status to Active.',
    href: '/templates',
    link: 'Open Templates',
  },
  {
    title: 'Send your campaign',
    text: 'Pick a mailbox, a template and your recipients on the dashboard, then follow the progress live.',
    href: '/',
    link: 'Open Dashboard',
  },
];

/** The five steps from a new account to a first campaign, each with a link to the screen it happens on. */
export function GettingStartedCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Rocket className="size-5 text-primary" aria-hidden="true" />
            Getting Started
          </h2>
        </CardTitle>
        <CardDescription>Five steps to your first campaign.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3 lg:flex-col">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm">
                {index + 1}
              </span>
              <div className="grid content-start gap-1">
                <p className="font-medium">{step.title}</p>
                <p className="text-muted-foreground text-sm">{step.text}</p>
                <Link
                  href={step.href}
                  className="inline-flex items-center gap-1 font-medium text-primary text-sm underline-offset-4 hover:underline"
                >
                  {step.link}
                  <ArrowRight className="size-3.5" aria-hidden="true" />
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
