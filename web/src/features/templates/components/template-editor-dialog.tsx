import type { Template } from '@contract/templates';
import { lazy, type RefObject, Suspense, useRef } from 'react';
import { confirmAction } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorToastMessage } from '@/lib/api';
import { useTemplate } from '../api/get-template';

// The rich-text editor is most of this screen's code: the cards show without waiting for it, and the screen
// fetches it in the background right after, so the editor usually opens at once.
const loadTemplateEditorForm = () => import('./template-editor-form');
export const preloadTemplateEditor = () => void loadTemplateEditorForm();
const TemplateEditorForm = lazy(() =>
  loadTemplateEditorForm().then((module) => ({ default: module.TemplateEditorForm })),
);

function EditorLoading() {
  return (
    <div className="flex justify-center py-24 text-primary" role="status" aria-label="Loading editor">
      <Spinner className="size-6" />
    </div>
  );
}

type EditorProps = { isAdmin: boolean; unsavedChanges: RefObject<boolean>; onSaved: () => void };

/** The editor, once an existing template's attachments (left out of the list) have loaded. */
function EditorForTemplate({ template, ...editorProps }: EditorProps & { template: Template | null }) {
  const detail = useTemplate(template?.id ?? null);
  if (!template) return <TemplateEditorForm key="new" template={null} {...editorProps} />;
  if (detail.isError) {
    return (
      <p role="alert" className="px-6 py-16 text-center text-destructive text-sm">
        {errorToastMessage(detail.error, 'Failed to load the template. Please close the editor and try again.')}
      </p>
    );
  }
  if (!detail.data) return <EditorLoading />;
  return <TemplateEditorForm key={template.id} template={detail.data} {...editorProps} />;
}

/**
 * The template editor modal, for a new template (`template` null) or an existing one. The form lives inside the
 * content, so each opening starts from the template as stored. Closing it (Esc, ✕, Cancel, a click outside) with
 * unsaved changes asks first; a save closes it at once.
 */
export function TemplateEditorDialog({
  open,
  template,
  isAdmin,
  onClose,
}: {
  open: boolean;
  template: Template | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const unsavedChanges = useRef(false);
  const closeUnlessKept = async () => {
    const discard =
      !unsavedChanges.current ||
      (await confirmAction({
        title: 'Discard unsaved changes?',
        description: 'Your changes to this template have not been saved.',
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
        destructive: true,
      }));
    if (discard) onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeUnlessKept()}>
      <DialogContent className="max-w-6xl gap-0 p-0">
        <DialogHeader className="border-b px-6 py-5">
          <DialogTitle>{template ? 'Edit Template' : 'Create Template'}</DialogTitle>
          <DialogDescription>
            Write the email by hand or draft it with AI. Variables such as {'{firstName}'} are filled in for each lead.
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<EditorLoading />}>
          <EditorForTemplate template={template} isAdmin={isAdmin} unsavedChanges={unsavedChanges} onSaved={onClose} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
