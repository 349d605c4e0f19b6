import { EMAILS_PER_WEEK_OPTIONS, type MarketingStrategy, STRATEGY_TONES, type StrategyTone } from '@contract/strategy';
import { RefreshCw, Target } from 'lucide-react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { StrategyForm } from '../lib/strategy-form';

const perWeekOptions = EMAILS_PER_WEEK_OPTIONS.map((count) => ({ value: String(count), label: String(count) }));
const toneOptions = STRATEGY_TONES.map((tone) => ({ value: tone, label: tone }));

/**
 * docs/product.md §2 Recommended Email Marketing Strategy: the two choices the user may change, the read-only audience and
 * follow-up blocks, and the notes.
 */
export function StrategyCard({
  strategy,
  form,
  onChange,
  busy,
  regenerating,
  onRegenerate,
}: {
  strategy: MarketingStrategy;
  form: StrategyForm;
  onChange: (form: StrategyForm) => void;
  busy: boolean;
  regenerating: boolean;
  onRegenerate: () => void;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Target className="size-4 text-primary" aria-hidden="true" />
            Recommended Email Marketing Strategy
          </CardTitle>
          <CardDescription>
            {strategy.writer === 'ai'
              ? 'Written for your business by AI from your profile.'
              : 'Written for your business from your profile by the built-in writer.'}
          </CardDescription>
        </div>
        {/* Beyond the product rules: after editing the profile, the strategy can be written again from it. */}
        <Button variant="ghost" size="sm" onClick={onRegenerate} disabled={busy}>
          <RefreshCw className={regenerating ? 'animate-spin' : undefined} />
          Regenerate
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="strategy-emails-per-week">Emails Per Week</Label>
            <OptionSelect
              id="strategy-emails-per-week"
              value={form.emailsPerWeek}
              onValueChange={(emailsPerWeek) => onChange({ ...form, emailsPerWeek })}
              options={perWeekOptions}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="strategy-tone">Email Tone</Label>
            <OptionSelect
              id="strategy-tone"
              className="capitalize"
              value={form.tone}
              onValueChange={(tone) => onChange({ ...form, tone: tone as StrategyTone })}
              options={toneOptions}
            />
          </div>
        </div>
        <ReadOnlyBlock label="Target Audience" text={strategy.recommendedTargetAudience} />
        <ReadOnlyBlock label="Follow-up Strategy" text={strategy.recommendedFollowupStrategy} />
        <div className="grid gap-2">
          <Label htmlFor="strategy-adjustments">Additional Notes or Adjustments</Label>
          <Textarea
            id="strategy-adjustments"
            rows={4}
            placeholder="Anything your emails should always or never say, e.g. mention free parking, avoid discounts."
            value={form.adjustments}
            onChange={(event) => onChange({ ...form, adjustments: event.target.value })}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function ReadOnlyBlock({ label, text }: { label: string; text: string }) {
  return (
    <section aria-label={label} className="grid gap-2">
      <h3 className="font-medium text-sm">{label}</h3>
      <p className="whitespace-pre-line rounded-lg bg-muted/60 p-4 text-sm leading-relaxed">{text}</p>
    </section>
  );
}
