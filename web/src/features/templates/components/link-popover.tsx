import type { Editor } from '@tiptap/react';
import { Link2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { normalizeLinkUrl } from '../lib/link-url';
import { ToolbarButton } from './toolbar-button';

/** Adds, changes or removes the link at the cursor; with no text selected the address itself becomes the link. */
export function LinkPopover({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setAddress(editor.getAttributes('link').href ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };

  const apply = (event: FormEvent) => {
    // The popover sits inside the template form: only this form may submit.
    event.preventDefault();
    event.stopPropagation();
    const href = normalizeLinkUrl(address);
    if (!href) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    setOpen(false);
  };

  const remove = () => {
    editor.chain().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <ToolbarButton label="Link" icon={Link2} active={active} />
      </PopoverTrigger>
      <PopoverContent
        // Back to the text, not to the toolbar button, so writing goes on where it was.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // At once, not on the next frame as editor.commands.focus() does, so no keystroke goes astray.
          editor.view.focus();
        }}
      >
        <form onSubmit={apply} noValidate className="grid gap-3">
          <Label htmlFor="template-link-address">Link address</Label>
          <Input
            id="template-link-address"
            placeholder="https://example.com"
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'template-link-error' : undefined}
          />
          {invalid && (
            <p id="template-link-error" className="text-destructive text-xs">
              Enter a web or email address, such as https://example.com
            </p>
          )}
          <div className="flex justify-end gap-2">
            {active && (
              <Button type="button" variant="ghost" size="sm" onClick={remove}>
                Remove link
              </Button>
            )}
            <Button type="submit" size="sm">
              Apply
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
