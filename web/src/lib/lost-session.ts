import { toast } from '@/components/ui/use-toast';

/** docs/product.md §8: how long the "logged out" toast shows before the browser goes to sign in again. */
export const LOST_SESSION_REDIRECT_MS = 500;
const LOGIN_PATH = '/api/login';

/** A 401 answer, or an error whose message reads like one ("401: … Unauthorized", docs/product.md §8). */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ('status' in error && error.status === 401) return true;
  return /^401: .*Unauthorized/s.test(error.message);
}

/** The toast for a lost session, in the words docs/product.md §8 gives the screen at `pathname`. */
export function lostSessionToast(pathname: string): { title: string; description: string } {
  if (pathname === '/') {
    return { title: 'Unauthorized', description: 'Unauthorized: You are logged out. Logging in again...' };
  }
  if (pathname === '/admin' || pathname === '/instructions') {
    return { title: 'Unauthorized', description: 'Please log in to access this page.' };
  }
  return { title: 'Unauthorized', description: 'You are logged out. Logging in again...' };
}

let leaving = false;

/**
 * What any failed call does when the session behind a signed-in screen is gone (expired, revoked, signed out
 * elsewhere): one toast and one trip to sign in, however many calls fail together. `signedIn` keeps a wrong
 * password on the sign-in form (also a 401) from counting.
 */
export function handleLostSession(error: unknown, signedIn: boolean): void {
  if (leaving || !signedIn || !isUnauthorizedError(error)) return;
  leaving = true;
  toast({ ...lostSessionToast(window.location.pathname), variant: 'destructive' });
  setTimeout(() => window.location.assign(LOGIN_PATH), LOST_SESSION_REDIRECT_MS);
}
