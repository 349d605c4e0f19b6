import type { CampaignListItem } from '@contract/campaigns';
import { formatDayTime } from '@/lib/format-date';
import { countOf, stepTiming, variantLetter } from '../lib/sequence-figures';

const cadenceLabels = { weekly: 'Weekly sequence', monthly: 'Monthly sequence' } as const;

/**
 * A sequence in the campaign list: its cadence and next send, each step with the leads it reached and its
 * figures, and each variant's (A/B) figures so the user can keep the winner.
 */
export function SequenceStepsList({
  cadence,
  steps,
  nextSendAt,
}: Pick<CampaignListItem, 'steps' | 'nextSendAt'> & { cadence: NonNullable<CampaignListItem['cadence']> }) {
  return (
    <div className="grid basis-full gap-2 border-t pt-2">
      <p className="text-muted-foreground text-xs">
        {cadenceLabels[cadence]}
        {nextSendAt && ` · Next send: ${formatDayTime(nextSendAt)}`}
      </p>
      <ol aria-label="Steps" className="grid gap-2">
        {steps.map((step) => (
          <li key={step.position} className="grid gap-1">
            <p className="text-xs">
              <span className="font-medium">Step {step.position}</span> · {step.templateName ?? 'Deleted template'} ·{' '}
              {stepTiming(step)} · {countOf(step.leads, 'lead')} at step · {step.sent.toLocaleString('en-US')} sent ·{' '}
              {countOf(step.replied, 'reply', 'replies')} · {step.pending.toLocaleString('en-US')} pending ·{' '}
              {step.skipped.toLocaleString('en-US')} skipped
            </p>
            {step.variants.length > 1 && (
              <table className="w-full text-muted-foreground text-xs tabular-nums">
                <caption className="sr-only">Variants of step {step.position}</caption>
                <thead>
                  <tr className="text-left">
                    <th className="font-normal">Variant</th>
                    <th className="font-normal">Sent</th>
                    <th className="font-normal">Opens</th>
                    <th className="font-normal">Replies</th>
                    <th className="font-normal">Reply rate</th>
                  </tr>
                </thead>
                <tbody>
                  {step.variants.map((variant) => (
                    <tr key={variant.variant}>
                      <td className="max-w-48 truncate" title={variant.subject ?? undefined}>
                        {variantLetter(variant.variant)}: {variant.subject ?? 'Deleted template'}
                      </td>
                      <td>{variant.sent.toLocaleString('en-US')}</td>
                      <td>{variant.opened.toLocaleString('en-US')}</td>
                      <td>{variant.replied.toLocaleString('en-US')}</td>
                      <td>{variant.replyRate}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
