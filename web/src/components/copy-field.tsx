import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

/**
 * A value to paste elsewhere (a key, a secret, a URL): read-only, selected on focus, with a button that copies it.
 * `showLabel` writes the label above it; otherwise it names the field for screen readers only.
 */
export function CopyField({
  label,
  value,
  copied,
  showLabel = false,
}: {
  label: string;
  value: string;
  /** The toast's words once copied. */
  copied: { title: string; description: string };
  showLabel?: boolean;
}) {
  const id = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(value).catch(() => undefined);
    toast(copied);
  };
  return (
    <div className="grid gap-1">
      {showLabel && (
        <Label htmlFor={id} className="text-xs">
          {label}
        </Label>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          readOnly
          aria-label={showLabel ? undefined : label}
          value={value}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 bg-white font-mono text-xs"
        />
        {/* Named after its field where several stand together (visible labels); a lone field's button is "Copy". */}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={copy}
          aria-label={showLabel ? `Copy ${label}` : undefined}
        >
          <Copy />
          Copy
        </Button>
      </div>
    </div>
  );
}
