import { CopyField } from '@/components/copy-field';

/** An endpoint's signing secret with a way to copy it, and what the receiver does with it. */
export function WebhookSecret({ secret, label = 'Signing secret' }: { secret: string; label?: string }) {
  return (
    <div className="grid gap-2">
      <CopyField
        label={label}
        value={secret}
        copied={{ title: 'Secret Copied', description: 'The signing secret is on your clipboard.' }}
      />
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
