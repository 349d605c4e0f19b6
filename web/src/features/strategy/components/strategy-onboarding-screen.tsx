import type { User } from '@contract/auth';
import type { MarketingStrategy } from '@contract/strategy';
import { FileQuestion } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useMarketingStrategy } from '@/api/get-marketing-strategy';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorToastMessage } from '@/lib/api';
import { useGenerateStrategy } from '../api/generate-strategy';
import { useSaveStrategy } from '../api/save-strategy';
import { type StrategyForm, saveRequest, seedStrategyForm } from '../lib/strategy-form';
import { usePostalAddressStep } from '../lib/use-postal-address-step';
import { LiveStatsCard } from './live-stats-card';
import { PostalAddressCard } from './postal-address-card';
import { ProfileSummaryCard } from './profile-summary-card';
import { StrategyCard } from './strategy-card';

/**
 * docs/product.md §2 Strategy onboarding (/strategy-onboarding): the welcome, the profile, the postal address while none
 * is set, the strategy to approve or adjust and the live figures. On entry a strategy is generated when there is none
 * and none is being written (docs/product.md §4).
 */
export function StrategyOnboardingScreen({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const strategy = useMarketingStrategy();
  const generate = useGenerateStrategy();
  const save = useSaveStrategy();
  const postal = usePostalAddressStep(user);
  const missing = strategy.error instanceof ApiError && strategy.error.status === 404;
  // Once per visit: a failed generation shows "Strategy Not Found" rather than trying again and again.
  const asked = useRef(false);

  const runGeneration = (regenerate: boolean) =>
    generate.mutate(regenerate ? { regenerate } : undefined, {
      onSuccess: (written: MarketingStrategy) => {
        // Another tab is writing it: the screen waits for that one, which that tab announces.
        if (written.status === 'generating') return;
        toast({ title: 'Strategy Created', description: 'Your personalized marketing strategy has been generated.' });
      },
      onError: (error) =>
        toast({
          title: 'Strategy Generation Failed',
          description: errorToastMessage(error, 'Failed to generate strategy'),
          variant: 'destructive',
        }),
    });

  useEffect(() => {
    if (!missing || asked.current) return;
    asked.current = true;
    runGeneration(false);
  });

  const onSave = async (form: StrategyForm, status: 'approved' | 'adjusted') => {
    if (!(await postal.saveTyped())) return;
    save.mutate(saveRequest(form, status), {
      onSuccess: () => {
        toast({ title: 'Strategy Updated', description: 'Your marketing strategy has been saved.' });
        navigate('/');
      },
      onError: (error) =>
        toast({
          title: 'Update Failed',
          description: errorToastMessage(error, 'Failed to update strategy'),
          variant: 'destructive',
        }),
    });
  };

  const generating =
    strategy.isPending ||
    strategy.data?.status === 'generating' ||
    (missing && !generate.isError) ||
    (generate.isPending && !strategy.data);

  return (
    <>
      <PageHeader
        title={`Welcome, ${user.firstName?.trim() || user.email}!`}
        description="Your personalised email marketing strategy, built from your company, industry and preferred local clients."
      />
      <div className="grid max-w-4xl gap-6">
        <ProfileSummaryCard user={user} />
        {postal.asking && (
          <PostalAddressCard
            value={postal.draft}
            onChange={postal.setDraft}
            saving={postal.saving}
            onSave={postal.save}
            onSkip={postal.skip}
          />
        )}
        {generating ? (
          <>
            <Card role="status" className="flex flex-row items-center justify-center gap-3 py-16 text-muted-foreground">
              <Spinner className="size-5" />
              Generating your personalized strategy...
            </Card>
            <LiveStatsCard />
          </>
        ) : strategy.data ? (
          <StrategyReview
            key={strategy.data.updatedAt}
            strategy={strategy.data}
            saving={save.isPending}
            regenerating={generate.isPending}
            onSave={onSave}
            onRegenerate={() => runGeneration(true)}
          />
        ) : (
          <Card>
            <EmptyState
              icon={FileQuestion}
              title="Strategy Not Found"
              description="Unable to load your marketing strategy."
              action={
                <Button asChild>
                  <Link href="/">Go to Dashboard</Link>
                </Button>
              }
            />
          </Card>
        )}
      </div>
    </>
  );
}

/** The loaded strategy with its form (seeded once per version), the live figures, and the two ways to save. */
function StrategyReview({
  strategy,
  saving,
  regenerating,
  onSave,
  onRegenerate,
}: {
  strategy: MarketingStrategy;
  saving: boolean;
  regenerating: boolean;
  onSave: (form: StrategyForm, status: 'approved' | 'adjusted') => void;
  onRegenerate: () => void;
}) {
  const [form, setForm] = useState(() => seedStrategyForm(strategy));
  const busy = saving || regenerating;
  return (
    <>
      <StrategyCard
        strategy={strategy}
        form={form}
        onChange={setForm}
        busy={busy}
        regenerating={regenerating}
        onRegenerate={onRegenerate}
      />
      <LiveStatsCard />
      <div className="grid gap-3">
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => onSave(form, 'approved')} disabled={busy}>
            {saving ? 'Saving...' : 'Approve & Continue'}
          </Button>
          <Button variant="outline" onClick={() => onSave(form, 'adjusted')} disabled={busy}>
            {saving ? 'Saving...' : 'Save with Adjustments'}
          </Button>
        </div>
        <p className="text-muted-foreground text-sm">You can always update your strategy later in Settings</p>
      </div>
    </>
  );
}
