/**
 * Where to go after signing in: the `next` parameter of the sign-in page's address, when it is a path of this app
 * (starts with one "/", not "//" or "/\", which browsers read as another site), else null.
 */
export function returnPathFrom(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** The sign-in page that comes back to `path` (with its query) afterwards. */
export function signInPathFor(path: string): string {
  return path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}
