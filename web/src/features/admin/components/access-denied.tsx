import { ShieldX } from 'lucide-react';

/** docs/product.md §6: what the admin page shows to anyone without the admin flag. */
export function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-20 text-center">
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldX className="size-7" aria-hidden="true" />
      </div>
      <h1 className="font-bold text-2xl tracking-tight">Access Denied</h1>
      <p className="mt-2 text-muted-foreground">You do not have permission to access this page.</p>
    </div>
  );
}
