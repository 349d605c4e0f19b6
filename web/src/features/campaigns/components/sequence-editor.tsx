import { DEFAULT_STEP_DELAY_DAYS, MAX_STEP_VARIANTS, STEP_CONDITIONS, type StepCondition } from '@contract/campaigns';
import type { Template } from '@contract/templates';
import { Plus, X } from 'lucide-react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  type Cadence,
  type FollowUpDraft,
  MAX_FOLLOW_UPS,
  newFollowUp,
  type SequenceDraft,
  sequenceProblem,
} from '../lib/sequence-draft';
import { STEP_CONDITION_LABELS, variantLetter } from '../lib/sequence-figures';

const cadenceOptions = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

const conditionOptions = STEP_CONDITIONS.map((condition) => ({
  value: condition,
  label: STEP_CONDITION_LABELS[condition],
}));

/**
 * The steps of a sequence: step 1 is the selected template; each follow-up has its template, its delay after the
 * previous step, whether it goes to every lead or only to those who opened or clicked the previous mail (or did not),
 * whether it replies in the same thread, and up to two variants (A/B testing).
 */
export function SequenceEditor({
  draft,
  firstTemplate,
  templates,
  onChange,
}: {
  draft: SequenceDraft;
  firstTemplate: Template | undefined;
  templates: Template[];
  onChange: (draft: SequenceDraft) => void;
}) {
  const options = templates.map((item) => ({ value: String(item.id), label: item.name }));
  const stepTemplateIds = [String(firstTemplate?.id ?? ''), ...draft.followUps.map((step) => step.templateId)];
  const problem = sequenceProblem(draft);

  const update = (key: number, change: Partial<FollowUpDraft>) =>
    onChange({
      ...draft,
      followUps: draft.followUps.map((step) => (step.key === key ? { ...step, ...change } : step)),
    });

  return (
    <div className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-2">
        <Label htmlFor="sequence-cadence">Cadence</Label>
        <OptionSelect
          id="sequence-cadence"
          value={draft.cadence}
          onValueChange={(cadence) => onChange({ ...draft, cadence: cadence as Cadence })}
          options={cadenceOptions}
        />
      </div>
      <ol aria-label="Sequence steps" className="grid gap-3">
        <li className="grid gap-1 rounded-md bg-muted/60 p-3 text-sm">
          <span className="font-medium">Step 1</span>
          <span className="text-muted-foreground">{firstTemplate?.name ?? 'The selected template'}, sent at once</span>
        </li>
        {draft.followUps.map((step, index) => {
          const position = index + 2;
          const id = `sequence-step-${step.key}`;
          return (
            <li key={step.key} aria-label={`Step ${position}`} className="grid gap-3 rounded-md border p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">Step {position}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove step ${position}`}
                  onClick={() => onChange({ ...draft, followUps: draft.followUps.filter((item) => item !== step) })}
                >
                  <X />
                  Remove
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_7rem]">
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-template`}>Template</Label>
                  <OptionSelect
                    id={`${id}-template`}
                    value={step.templateId}
                    onValueChange={(templateId) => update(step.key, { templateId })}
                    placeholder="Select a template"
                    options={options}
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-delay`}>Delay (days)</Label>
                  <Input
                    id={`${id}-delay`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={365}
                    placeholder={String(DEFAULT_STEP_DELAY_DAYS[draft.cadence])}
                    value={step.delayDays}
                    onChange={(event) => update(step.key, { delayDays: event.target.value })}
                  />
                </div>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-condition`}>Send</Label>
                <OptionSelect
                  id={`${id}-condition`}
                  value={step.condition}
                  onValueChange={(condition) => update(step.key, { condition: condition as StepCondition })}
                  options={conditionOptions}
                />
              </div>
              <div className="flex items-center gap-2">
                <input
                  id={`${id}-thread`}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={step.sameThread}
                  onChange={(event) => update(step.key, { sameThread: event.target.checked })}
                />
                <Label htmlFor={`${id}-thread`}>Reply in the same thread</Label>
              </div>
              {step.variants.map((variant, variantIndex) => {
                const variantId = `${id}-variant-${variantIndex}`;
                const letter = variantLetter(variantIndex + 1);
                const setVariant = (change: Partial<typeof variant>) =>
                  update(step.key, {
                    variants: step.variants.map((item, i) => (i === variantIndex ? { ...item, ...change } : item)),
                  });
                return (
                  <fieldset key={variantId} className="grid gap-2 rounded-md bg-muted/60 p-3">
                    <legend className="sr-only">
                      Variant {letter} of step {position}
                    </legend>
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-medium">Variant {letter}</span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove variant ${letter} of step ${position}`}
                        onClick={() => update(step.key, { variants: step.variants.filter((item) => item !== variant) })}
                      >
                        <X />
                      </Button>
                    </div>
                    <Label htmlFor={`${variantId}-subject`}>Subject</Label>
                    <Textarea
                      id={`${variantId}-subject`}
                      className="min-h-10"
                      rows={1}
                      value={variant.subject}
                      onChange={(event) => setVariant({ subject: event.target.value })}
                    />
                    <Label htmlFor={`${variantId}-body`}>Body</Label>
                    <Textarea
                      id={`${variantId}-body`}
                      value={variant.body}
                      onChange={(event) => setVariant({ body: event.target.value })}
                    />
                  </fieldset>
                );
              })}
              {step.variants.length < MAX_STEP_VARIANTS && (
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => update(step.key, { variants: [...step.variants, { subject: '', body: '' }] })}
                >
                  <Plus />
                  Add variant
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {draft.followUps.length < MAX_FOLLOW_UPS && (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            onChange({ ...draft, followUps: [...draft.followUps, newFollowUp(templates, stepTemplateIds)] })
          }
        >
          <Plus />
          Add follow-up step
        </Button>
      )}
      <p className="text-muted-foreground text-xs">
        Each lead gets the next step after the delay, in your sending window, unless they replied, bounced or
        unsubscribed. A step whose condition a lead does not meet is skipped for them, and the next step's delay counts
        from then; opens by email privacy features and link checkers do not count. Variant A is the template itself;
        leads are spread over the variants.
      </p>
      {problem && <p className="text-destructive text-sm">{problem}</p>}
    </div>
  );
}
