import { SAMPLE_LEAD, type TemplateLead } from '@contract/template-render';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePreviewLeads } from '../api/get-preview-leads';
import { previewLeadLabel, templateLeadFrom } from '../lib/preview-lead';

const SAMPLE = 'sample';

/** Whom the preview is rendered for: the sample lead or one of the newest leads, with name and company editable. */
export function PreviewLeadPicker({ lead, onLead }: { lead: TemplateLead; onLead: (lead: TemplateLead) => void }) {
  const leadsQuery = usePreviewLeads();
  const [chosen, setChosen] = useState(SAMPLE);

  const choose = (value: string) => {
    setChosen(value);
    const picked = leadsQuery.data?.find((candidate) => String(candidate.id) === value);
    onLead(picked ? templateLeadFrom(picked) : SAMPLE_LEAD);
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="preview-lead" className="text-muted-foreground text-xs">
          Preview for
        </Label>
        <Select value={chosen} onValueChange={choose}>
          <SelectTrigger id="preview-lead" className="h-8">
            <SelectValue />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            <SelectItem value={SAMPLE}>
              Sample lead ({SAMPLE_LEAD.firstName} {SAMPLE_LEAD.lastName})
            </SelectItem>
            {leadsQuery.data?.map((candidate) => (
              <SelectItem key={candidate.id} value={String(candidate.id)}>
                {previewLeadLabel(candidate)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="preview-first-name" className="text-muted-foreground text-xs">
            First name
          </Label>
          <Input
            id="preview-first-name"
            className="h-8"
            value={lead.firstName ?? ''}
            onChange={(event) => onLead({ ...lead, firstName: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="preview-company" className="text-muted-foreground text-xs">
            Company
          </Label>
          <Input
            id="preview-company"
            className="h-8"
            value={lead.company ?? ''}
            onChange={(event) => onLead({ ...lead, company: event.target.value })}
          />
        </div>
      </div>
    </div>
  );
}
