import { type Editor, EditorContent, useEditorState } from '@tiptap/react';
import { Bold, Italic, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkPopover } from './link-popover';
import { ToolbarButton } from './toolbar-button';

/** The body editor: a formatting toolbar (with room for extra controls at its end) above the TipTap content. */
export function RichTextEditor({ editor, toolbarEnd }: { editor: Editor; toolbarEnd?: ReactNode }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  return (
    <div className="overflow-hidden rounded-md border border-input bg-card shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-0.5 border-b bg-muted/50 px-1.5 py-1"
      >
        <ToolbarButton
          label="Bold"
          icon={Bold}
          active={state.bold}
          onClick={() => editor.chain().focus().toggleBold().run()}
        />
        <ToolbarButton
          label="Italic"
          icon={Italic}
          active={state.italic}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        />
        <LinkPopover editor={editor} active={state.link} />
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        <ToolbarButton
          label="Bulleted list"
          icon={List}
          active={state.bulletList}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        />
        <ToolbarButton
          label="Numbered list"
          icon={ListOrdered}
          active={state.orderedList}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        />
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        <ToolbarButton
          label="Undo"
          icon={Undo2}
          disabled={!state.canUndo}
          onClick={() => editor.chain().focus().undo().run()}
        />
        <ToolbarButton
          label="Redo"
          icon={Redo2}
          disabled={!state.canRedo}
          onClick={() => editor.chain().focus().redo().run()}
        />
        {toolbarEnd && <div className="ml-auto">{toolbarEnd}</div>}
      </div>
      <EditorContent editor={editor} className="max-h-[28rem] overflow-y-auto" />
    </div>
  );
}
