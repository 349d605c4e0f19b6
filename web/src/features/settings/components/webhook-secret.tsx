import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

/** An endpoint's signing secret with a way to copy it, and what the receiver does with it. */
export function WebhookSecret({ secret, label = 'Signing secret' }: { secret: string; label?: string }) {
  const copy = async () => {
    await navigator.clipboard.writeText(secret).catch(() => undefined);
    toast({ title: 'Secret Copied', description: 'The signing secret is on your clipboard.' });
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          readOnly
          aria-label={label}
          value={secret}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 bg-white font-mono text-xs"
        />
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy />
          Copy
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        Every delivery carries a <code>webhook-signature</code> header made with this secret, as{' '}
        <a
          href="https://www.standardwebhooks.com/"
          target="_blank"
          rel="noreferrer"
          className="font-medium text-primary hover:underline"
        >
          Standard Webhooks
        </a>{' '}
        describes: check it on your side to know a delivery came from LocalReach and was not changed.
      </p>
    </div>
  );
}
