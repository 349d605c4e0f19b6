import { Compass, LogIn } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { signInPathFor } from '@/lib/return-path';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * docs/product.md's 404. A signed-out visitor may have followed a link to a signed-in page (a bookmark, a link in a mail):
 * "Sign in" brings them back to it afterwards.
 */
export function NotFound({ signedOut = false }: { signedOut?: boolean }) {
  const [location] = useLocation();
  const search = useSearch();
  usePageTitle('Page Not Found');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <div className="mb-6 flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Compass className="size-7" aria-hidden="true" />
      </div>
      <p className="font-semibold text-primary text-sm">404</p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      {signedOut && <p className="mt-2 text-muted-foreground">If it is a page of your account, sign in to see it.</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {signedOut && (
          <Button asChild>
            <Link href={signInPathFor(search ? `${location}?${search}` : location)}>
              <LogIn />
              Sign in
            </Link>
          </Button>
        )}
        <Button asChild variant={signedOut ? 'outline' : 'default'}>
          <Link href="/">Back to home</Link>
        </Button>
      </div>
    </div>
  );
}
