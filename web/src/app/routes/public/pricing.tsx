import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';

const planFeatures = [
  'Unlimited leads database with CSV import',
  'AI-written personalised email templates',
  'Weekly or monthly campaigns with multi-touch follow-up',
  'Up to 3 connected mailboxes (900 emails/day)',
  'Replies inbox and campaign analytics',
  'Priority email support with a 24-hour response',
];

const questions = [
  {
    question: 'How does the free trial work?',
    answer:
      'You get full access to every feature for 2 weeks (14 days), and no credit card is required to start. Subscribe only if LocalReach works for you.',
  },
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. You can cancel anytime from your account settings. There are no long-term contracts and no cancellation fees.',
  },
];

function PlanCard() {
  return (
    <Card className="mx-auto w-full max-w-md border-primary/40 shadow-lg ring-4 ring-primary/5">
      <CardHeader>
        <div className="flex items-center justify-between">
          <CardTitle className="text-xl">Professional</CardTitle>
          <Badge>14-day free trial</Badge>
        </div>
        <CardDescription>Everything you need to run local email outreach.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="flex items-baseline gap-1">
          <span className="font-bold text-5xl tracking-tight">$400</span>
          <span className="text-muted-foreground">per month</span>
        </p>
        <p className="mt-1 text-muted-foreground text-sm">Billed monthly in USD</p>
        <ul className="mt-8 space-y-3">
          {planFeatures.map((feature) => (
            <li key={feature} className="flex gap-3 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <Button asChild size="lg" className="mt-8 w-full">
          <Link href="/signup">Start Free Trial</Link>
        </Button>
        <p className="mt-3 text-center text-muted-foreground text-xs">No credit card required</p>
      </CardContent>
    </Card>
  );
}

function FrequentQuestions() {
  return (
    <section className="mx-auto mt-20 max-w-3xl">
      <h2 className="text-center font-bold text-2xl tracking-tight">Frequently Asked Questions</h2>
      <dl className="mt-8 grid gap-4">
        {questions.map((item) => (
          <div key={item.question} className="rounded-xl border bg-card p-6">
            <dt className="font-semibold">{item.question}</dt>
            <dd className="mt-2 text-muted-foreground text-sm leading-relaxed">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function PricingRoute() {
  usePageTitle('Pricing');
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto mb-12 max-w-2xl text-center">
        <h1 className="font-bold text-4xl tracking-tight">Simple, transparent pricing</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          One plan with everything included. Try it free for 2 weeks, then decide.
        </p>
      </div>
      <PlanCard />
      <FrequentQuestions />
      <section className="mx-auto mt-20 max-w-3xl rounded-2xl border bg-accent px-6 py-12 text-center">
        <h2 className="font-bold text-2xl tracking-tight">Start booking more local meetings</h2>
        <p className="mt-2 text-muted-foreground">
          Create your account in a minute and send your first campaign today.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link href="/signup">Create Your Account</Link>
        </Button>
      </section>
    </div>
  );
}
