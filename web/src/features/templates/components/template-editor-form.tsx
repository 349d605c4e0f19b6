import type { TemplateDetail } from '@contract/templates';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { useWarnBeforeUnload } from '@/lib/use-warn-before-unload';
import { characterCount, TEMPLATE_LIMITS } from '../lib/character-count';
import { insertAtSelection } from '../lib/insert-at-selection';
import {
  emptyTemplateForm,
  hasUnsavedTemplateChanges,
  type TemplateFormValues,
  templateFormFromTemplate,
} from '../lib/template-form';
import { AiDraftPanel } from './ai-draft-panel';
import { AttachmentsField } from './attachments-field';
import { CharacterCounter } from './character-counter';
import { DeliverabilityPanel } from './deliverability-panel';
import { InsertVariableMenu, type VariableTarget } from './insert-variable-menu';
import { LimitedTextInput } from './limited-text-input';
import { RichTextEditor } from './rich-text-editor';
import { TemplatePreview } from './template-preview';
import { TemplateSettingsFields } from './template-settings-fields';
import { useSaveTemplate } from './use-save-template';
import { useTemplateBodyEditor } from './use-template-body-editor';

/**
 * The fields of a new or existing template beside its live preview; `onSaved` closes the editor after a save.
 * Whether it holds unsaved changes is kept in `unsavedChanges`, for the dialog to ask before it closes.
 */
export function TemplateEditorForm({
  template,
  isAdmin,
  unsavedChanges,
  onSaved,
}: {
  template: TemplateDetail | null;
  isAdmin: boolean;
  unsavedChanges: RefObject<boolean>;
  onSaved: () => void;
}) {
  const [loaded] = useState<TemplateFormValues>(() =>
    template ? templateFormFromTemplate(template) : emptyTemplateForm,
  );
  const [values, setValues] = useState(loaded);
  const set = <K extends keyof TemplateFormValues>(key: K, value: TemplateFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const subjectRef = useRef<HTMLInputElement>(null);
  const [variableTarget, setVariableTarget] = useState<VariableTarget>('body');
  const editor = useTemplateBodyEditor({
    initialHtml: values.body,
    onChange: (body) => set('body', body),
    onFocus: () => setVariableTarget('body'),
  });
  // What the rich-text editor makes of the loaded body, read once as it opens.
  const [loadedBodyAsEdited] = useState(() => editor.getHTML());
  const { save, isSaving } = useSaveTemplate(template);

  const unsaved = hasUnsavedTemplateChanges(values, loaded, loadedBodyAsEdited);
  useWarnBeforeUnload(unsaved);
  useEffect(() => {
    unsavedChanges.current = unsaved;
    return () => {
      unsavedChanges.current = false;
    };
  }, [unsaved, unsavedChanges]);

  const insertVariable = (token: string) => {
    const subject = subjectRef.current;
    if (variableTarget === 'body' || !subject) {
      editor.commands.insertContent(token);
      // At once, not on the next frame as editor.commands.focus() does, so no keystroke goes astray.
      editor.view.focus();
      return;
    }
    const { value, caret } = insertAtSelection(subject.value, subject.selectionStart, subject.selectionEnd, token);
    set('subject', value);
    // After React has written the new value, put the caret after the variable.
    requestAnimationFrame(() => {
      subject.focus();
      subject.setSelectionRange(caret, caret);
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save(values)) onSaved();
  };

  return (
    // Fields, then preview, then actions on narrow screens; on wide ones the preview is a column of its own and the
    // actions sit under the fields, clear of the toasts in the bottom-right corner.
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 gap-x-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
    >
      <div className="grid content-start gap-5 p-6 lg:pr-0">
        <LimitedTextInput
          id="template-name"
          label="Name"
          max={TEMPLATE_LIMITS.name}
          autoComplete="off"
          placeholder="e.g. Spring listings introduction"
          value={values.name}
          onValueChange={(name) => set('name', name)}
        />

        <AiDraftPanel
          defaultOpen={template === null}
          isAdmin={isAdmin}
          onGenerated={(draft) => {
            set('subject', draft.subject);
            editor.commands.setContent(draft.body);
          }}
        />

        <LimitedTextInput
          ref={subjectRef}
          id="template-subject"
          label="Subject"
          max={TEMPLATE_LIMITS.subject}
          autoComplete="off"
          placeholder="e.g. A quick question for {company}"
          value={values.subject}
          onValueChange={(subject) => set('subject', subject)}
          onFocus={() => setVariableTarget('subject')}
        />

        <div className="grid gap-2">
          <span className="font-medium text-sm">Body</span>
          <RichTextEditor
            editor={editor}
            toolbarEnd={<InsertVariableMenu target={variableTarget} onInsert={insertVariable} />}
          />
          <p className="text-muted-foreground text-xs">
            Vary words per lead with <code className="font-mono">{'{{spin: Hi | Hello | Hey}}'}</code>: each lead gets
            one choice, the same on every retry.
          </p>
          <CharacterCounter
            id="template-body-count"
            count={characterCount(values.body.length, TEMPLATE_LIMITS.body, 'characters, formatting included')}
          />
        </div>

        <DeliverabilityPanel
          subject={values.subject}
          body={values.body}
          attachmentsCount={values.attachments.length}
          weekNumber={values.weekNumber}
        />

        <TemplateSettingsFields
          weekNumber={values.weekNumber}
          status={values.status}
          includeStockTip={values.includeStockTip}
          onWeekNumber={(weekNumber) => set('weekNumber', weekNumber)}
          onStatus={(status) => set('status', status)}
          onIncludeStockTip={(include) => set('includeStockTip', include)}
        />

        <AttachmentsField
          attachments={values.attachments}
          onAdd={(added) => setValues((current) => ({ ...current, attachments: [...current.attachments, ...added] }))}
          onRemove={(index) =>
            setValues((current) => ({
              ...current,
              attachments: current.attachments.filter((_, position) => position !== index),
            }))
          }
        />
      </div>

      <div className="px-6 pb-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:pt-6 lg:pl-0">
        <div className="lg:sticky lg:top-6">
          <TemplatePreview subject={values.subject} body={values.body} />
        </div>
      </div>

      {/* Stays in view while the dialog scrolls, so saving never needs a scroll to the bottom; stacked on a phone.
          Never taller than its buttons (self-start): stretched to a row made tall by a taller preview, it would
          stick by its bottom and hold the buttons at its top, out of view. */}
      <DialogFooter className="sticky bottom-0 z-10 self-start border-t bg-card px-6 py-4 lg:col-start-1 lg:row-start-2 lg:pr-0">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : template ? 'Save Changes' : 'Create Template'}
        </Button>
      </DialogFooter>
    </form>
  );
}
