import type { Attachment } from '@contract/templates';
import { FileText, Paperclip, X } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { attachmentBytes, planAttachmentAdditions } from '../lib/attachment-limits';
import { readAttachments } from '../lib/attachment-reading';
import { formatBytes } from '../lib/format-bytes';

/** The template's attachments: files are checked against the limits, read in the browser and kept as base64. */
export function AttachmentsField({
  attachments,
  onAdd,
  onRemove,
}: {
  attachments: Attachment[];
  onAdd: (added: Attachment[]) => void;
  onRemove: (index: number) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  const onFilesChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still reports a change.
    event.target.value = '';
    if (files.length === 0) return;

    const { accepted, rejections } = planAttachmentAdditions(attachments, files);
    setReading(true);
    const { attachments: added, failedNames } = await readAttachments(accepted);
    setReading(false);
    if (added.length > 0) onAdd(added);

    // One toast at a time (docs/product.md §9): a refusal matters most, then a read failure, else the success.
    if (rejections.length > 0) {
      toast({ ...rejections[0], variant: 'destructive' });
    } else if (failedNames.length > 0) {
      toast({ title: 'Upload Failed', description: `Failed to upload ${failedNames[0]}`, variant: 'destructive' });
    } else {
      toast({
        title: 'Files Added',
        description: `${added.length} ${added.length === 1 ? 'file' : 'files'} attached to this template.`,
      });
    }
  };

  return (
    <fieldset aria-labelledby="template-attachments-label" className="m-0 grid min-w-0 gap-2 border-0 p-0">
      <div className="flex items-center justify-between gap-3">
        <span id="template-attachments-label" className="font-medium text-sm">
          Attachments
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={reading}>
          {reading ? <Spinner className="size-4" /> : <Paperclip />}
          Add files
        </Button>
        <input ref={inputRef} type="file" multiple hidden aria-label="Attach files" onChange={onFilesChosen} />
      </div>
      {attachments.length > 0 ? (
        <ul className="divide-y rounded-md border">
          {attachments.map((attachment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no id and a file may be attached twice; rows hold no state.
            <li key={`${attachment.name}-${index}`} className="flex items-center gap-3 px-3 py-2 text-sm">
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate" title={attachment.name}>
                {attachment.name}
              </span>
              <span className="shrink-0 text-muted-foreground text-xs">{formatBytes(attachmentBytes(attachment))}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${attachment.name}`}
                onClick={() => onRemove(index)}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-muted-foreground text-sm">
          No files attached
        </p>
      )}
      <p className="text-muted-foreground text-xs">Up to 3MB per file, and 10 files or 10MB per template.</p>
    </fieldset>
  );
}
