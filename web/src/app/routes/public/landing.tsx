import { ArrowRight, ChartLine, type LucideIcon, Send, Sparkles, Target } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { CampaignPreview } from './campaign-preview';

type Step = { title: string; text: string; icon: LucideIcon };

const steps: Step[] = [
  {
    title: 'Identify Local Leads',
    text: 'Import prospects from a CSV file or add them by hand. Every contact, company and status lives in one searchable database.',
    icon: Target,
  },
  {
    title: 'Personalised Marketing Emails',
    text: 'Describe your offer and let AI draft the email. Fields like {firstName} and {company} make each message read as if written for one person.',
    icon: Sparkles,
  },
  {
    title: 'Automatic Email Campaigns',
    text: 'Send weekly or monthly campaigns from your own mailbox, with multi-touch follow-ups and no duplicate sends in the same week.',
    icon: Send,
  },
  {
    title: 'Follow Your Progress',
    text: 'Watch emails sent, opens, replies and meetings booked, and answer your hottest replies from a single follow-up inbox.',
    icon: ChartLine,
  },
];

function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 font-medium text-muted-foreground text-xs shadow-xs">
            <span className="size-1.5 rounded-full bg-success" />
            Email outreach for local businesses
          </p>
          <h1 className="font-bold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
            Turn Local Leads Into <span className="text-primary">Sales Meetings</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            LocalReach keeps your local prospects in one place, writes personalised emails with AI and sends steady
            campaigns from your own mailbox, so your time goes into meetings rather than spreadsheets.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href="/signup">
                Start Free Trial
                <ArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/pricing">View Pricing</Link>
            </Button>
          </div>
          <p className="mt-4 text-muted-foreground text-sm">
            Built for real estate, insurance, finance and other local services.
          </p>
        </div>
        <CampaignPreview />
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section className="border-y bg-card">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="font-bold text-3xl tracking-tight">How It Works</h2>
          <p className="mt-3 text-muted-foreground">From a list of names to booked meetings in four steps.</p>
        </div>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-xl border bg-background p-6">
              <span className="absolute top-6 right-6 font-semibold text-muted-foreground/60 text-sm">
                0{index + 1}
              </span>
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <step.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 font-semibold">{step.title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <div className="rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg">
        <h2 className="font-bold text-3xl tracking-tight">Ready to fill your calendar?</h2>
        <p className="mx-auto mt-3 max-w-xl text-primary-foreground/80">
          Set up your leads, your first template and your mailbox in an afternoon, then let the campaigns run.
        </p>
        <Button asChild size="lg" variant="secondary" className="mt-8">
          <Link href="/signup">Start Free Trial</Link>
        </Button>
        <p className="mt-4 text-primary-foreground/80 text-sm">2 weeks free • No credit card required</p>
      </div>
    </section>
  );
}

export function LandingRoute() {
  usePageTitle(null);
  return (
    <>
      <Hero />
      <HowItWorks />
      <ClosingCallToAction />
    </>
  );
}
