import { Spinner } from '@/components/ui/spinner';

/** Shown while the session is being checked or the signed-in app's code is loading. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status">
      <div className="flex items-center gap-3 text-muted-foreground">
        <Spinner className="size-6 text-primary" />
        <span className="font-medium text-sm">Loading...</span>
      </div>
    </div>
  );
}
