import { renderHtmlBody, renderSubject, SAMPLE_LEAD, type TemplateLead } from '@contract/template-render';
import { Eye, Shuffle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { previewDocument } from '../lib/preview-document';
import { hasSpinChoices, nextShuffle, previewSpinSeed } from '../lib/preview-shuffle';
import { PreviewLeadPicker } from './preview-lead-picker';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The email as a lead receives it, rendered by the one template renderer for the sample lead or a chosen one, with
 * one choice per spin; Shuffle shows other choices. The body runs in an iframe with an empty sandbox, so nothing in
 * a template can run script in the app.
 */
export function TemplatePreview({ subject, body }: { subject: string; body: string }) {
  const [lead, setLead] = useState<TemplateLead>(SAMPLE_LEAD);
  // The iframe reloads for each new document: it follows the body once typing pauses, so typing stays smooth.
  const settledBody = useDebouncedValue(body, 200);
  const [shuffles, setShuffles] = useState(0);
  const seed = previewSpinSeed(shuffles);
  const previewHtml = useMemo(() => previewDocument(settledBody, lead, seed), [settledBody, lead, seed]);
  const renderedSubject = renderSubject(subject, lead, seed).trim();
  const shuffle = () =>
    setShuffles((current) =>
      nextShuffle(current, (next) => renderSubject(subject, lead, next) + renderHtmlBody(settledBody, lead, next)),
    );
  const recipientName = [lead.firstName, lead.lastName].filter((part) => part?.trim()).join(' ');

  return (
    <section aria-labelledby="template-preview-title" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <Eye className="size-4 text-primary" aria-hidden="true" />
        <h3 id="template-preview-title" className="font-semibold text-sm">
          Live preview
        </h3>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="ml-auto h-7"
          title="Show other words for each spin"
          disabled={!hasSpinChoices(subject, settledBody)}
          onClick={shuffle}
        >
          <Shuffle />
          Shuffle
        </Button>
      </div>
      <PreviewLeadPicker lead={lead} onLead={setLead} />
      <div className="overflow-hidden rounded-lg border bg-card shadow-xs">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-b bg-muted/50 px-4 py-3 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="truncate">{recipientName ? `${recipientName} <${lead.email}>` : lead.email}</dd>
          <dt className="text-muted-foreground">Subject</dt>
          {/* A long subject without spaces wraps anywhere, and a very long one scrolls in a few lines of its own
              instead of growing the editor. */}
          <dd className="max-h-24 overflow-y-auto font-medium wrap-anywhere">
            {renderedSubject || <span className="font-normal text-muted-foreground italic">No subject</span>}
          </dd>
        </dl>
        <iframe
          title="Email preview"
          sandbox=""
          srcDoc={previewHtml}
          className="block h-80 w-full bg-white lg:h-[26rem]"
        />
      </div>
    </section>
  );
}
