import Placeholder from '@tiptap/extension-placeholder';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

// The toolbar offers what an email needs (bold, italic, links, lists, paragraphs); the schema also keeps the other
// markup the server's sanitiser allows (headings, quotes, rules, underline, strike) so editing a drafted template
// loses nothing. Module-level: useEditor compares extensions by identity.
const extensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    heading: { levels: [1, 2, 3] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  Placeholder.configure({ placeholder: 'Write your email here. Use Insert variable to personalise it.' }),
];

const editorProps = {
  attributes: {
    role: 'textbox',
    'aria-label': 'Body',
    'aria-multiline': 'true',
    class:
      'min-h-56 px-4 py-3 text-sm leading-relaxed outline-none [&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_h1]:my-2 [&_h1]:font-bold [&_h1]:text-xl [&_h2]:my-2 [&_h2]:font-bold [&_h2]:text-lg [&_h3]:my-2 [&_h3]:font-semibold [&_h3]:text-base [&_hr]:my-3 [&_a]:text-primary [&_a]:underline [&_li>p]:my-0 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)] [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
  },
};

/** The TipTap editor for a template body; it reports its HTML on every change and when it gains focus. */
export function useTemplateBodyEditor({
  initialHtml,
  onChange,
  onFocus,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  onFocus: () => void;
}): Editor {
  return useEditor({
    extensions,
    editorProps,
    content: initialHtml,
    immediatelyRender: true,
    // The toolbar subscribes to the state it shows, so the form does not re-render on every keystroke's selection.
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor }) => onChange(editor.getHTML()),
    onFocus,
  });
}
