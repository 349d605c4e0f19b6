import { PageHeader } from '@/components/page-header';
import { BestPracticesCard } from './best-practices-card';
import { GettingStartedCard } from './getting-started-card';
import { GuideAccordion } from './guide-accordion';
import { NeedHelpCard } from './need-help-card';

/** docs/product.md §2 Instructions: a static guide, true to what the app does today. */
export function InstructionsScreen() {
  return (
    <div>
      <PageHeader
        title="How to Use LocalReach"
        description="A step-by-step guide to connecting mailboxes, importing leads and running your first campaign."
      />
      <div className="grid gap-6">
        <GettingStartedCard />
        <GuideAccordion />
        <div className="grid gap-6 lg:grid-cols-2">
          <BestPracticesCard />
          <NeedHelpCard />
        </div>
      </div>
    </div>
  );
}
