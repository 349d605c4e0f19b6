import { renderSubject, SAMPLE_LEAD, type TemplateLead } from '@contract/template-render';
import { Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { previewDocument } from '../lib/preview-document';
import { PreviewLeadPicker } from './preview-lead-picker';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The email as a lead receives it, rendered by the one template renderer for the sample lead or a chosen one. The
 * body runs in an iframe with an empty sandbox, so nothing in a template can run script in the app.
 */
export function TemplatePreview({ subject, body }: { subject: string; body: string }) {
  const [lead, setLead] = useState<TemplateLead>(SAMPLE_LEAD);
  // The iframe reloads for each new document: it follows the body once typing pauses, so typing stays smooth.
  const settledBody = useDebouncedValue(body, 200);
  const previewHtml = useMemo(() => previewDocument(settledBody, lead), [settledBody, lead]);
  const renderedSubject = renderSubject(subject, lead).trim();
  const recipientName = [lead.firstName, lead.lastName].filter((part) => part?.trim()).join(' ');

  return (
    <section aria-labelledby="template-preview-title" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <Eye className="size-4 text-primary" aria-hidden="true" />
        <h3 id="template-preview-title" className="font-semibold text-sm">
          Live preview
        </h3>
      </div>
      <PreviewLeadPicker lead={lead} onLead={setLead} />
      <div className="overflow-hidden rounded-lg border bg-card shadow-xs">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-b bg-muted/50 px-4 py-3 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="truncate">{recipientName ? `${recipientName} <${lead.email}>` : lead.email}</dd>
          <dt className="text-muted-foreground">Subject</dt>
          <dd className="break-words font-medium">
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
