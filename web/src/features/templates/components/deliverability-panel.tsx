import { isBlankHtml } from '@contract/html-text';
import {
  contentScore,
  type ScoreBand,
  scoreBand,
  type TemplateFinding,
  type TemplateScoreRequest,
  templateContentFindings,
} from '@contract/template-score';
import { ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { useTemplateScore } from '../api/score-template';
import { useDebouncedValue } from './use-debounced-value';

const bandStyles: Record<ScoreBand, { label: string; badge: string; bar: string }> = {
  good: { label: 'Good', badge: 'border-emerald-200 bg-emerald-50 text-emerald-700', bar: 'bg-emerald-500' },
  ok: { label: 'Could be better', badge: 'border-amber-200 bg-amber-50 text-amber-800', bar: 'bg-amber-500' },
  poor: { label: 'Poor', badge: 'border-red-200 bg-red-50 text-red-700', bar: 'bg-red-500' },
};

/**
 * The deliverability score of the draft as it is typed: the shared content checks run here at once; the findings
 * only the server can make (variables empty for many of the user's leads) follow once typing pauses. Advice only:
 * nothing here stops a save.
 */
export function DeliverabilityPanel({ subject, body, attachmentsCount, weekNumber }: Required<TemplateScoreRequest>) {
  // One object per change of the draft, so the debounce settles once and does not restart on every render.
  const draft = useMemo(
    () => ({ subject, body, attachmentsCount, weekNumber }),
    [subject, body, attachmentsCount, weekNumber],
  );
  const local = useMemo(() => templateContentFindings(draft), [draft]);
  const server = useTemplateScore(useDebouncedValue(draft, 600));
  const leadFindings = (server.data?.findings ?? []).filter((finding) => finding.code === 'variable_often_empty');
  const findings: TemplateFinding[] = [...local, ...leadFindings];
  const score = contentScore(findings);
  // A new, empty draft has nothing to judge yet.
  const blank = subject.trim() === '' && isBlankHtml(body);
  const style = bandStyles[scoreBand(score)];

  return (
    <section aria-labelledby="deliverability-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex items-center gap-2">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
        <h3 id="deliverability-title" className="font-semibold text-sm">
          Deliverability
        </h3>
        {!blank && (
          <span
            role="status"
            aria-label={`Deliverability score ${score} of 100, ${style.label}`}
            className={cn('ml-auto rounded-md border px-2 py-0.5 font-semibold text-xs', style.badge)}
          >
            {score}/100 · {style.label}
          </span>
        )}
      </div>
      {blank ? (
        <p className="text-muted-foreground text-xs">Write a subject and body to see how spam filters may read them.</p>
      ) : (
        <>
          <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className={cn('h-full transition-all', style.bar)} style={{ width: `${score}%` }} />
          </div>
          {findings.length === 0 ? (
            <p className="text-muted-foreground text-xs">No content problems found.</p>
          ) : (
            <ul aria-label="Deliverability findings" className="flex flex-col gap-2">
              {findings.map((finding) => (
                <li key={`${finding.code}:${finding.message}`} className="text-xs">
                  <p className="font-medium">{finding.message}</p>
                  <p className="text-muted-foreground">{finding.advice}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
