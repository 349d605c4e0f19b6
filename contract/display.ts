import type { User } from './auth';

/** Sidebar avatar initial: first letter of firstName, else of the email, else "U" (docs/product.md §2). */
export function avatarInitial(user: Pick<User, 'firstName' | 'email'> | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim();
  return source ? source[0].toUpperCase() : 'U';
}

/** Display name: "firstName lastName" when both exist, else the email, else "User" (docs/product.md §2). */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  return user?.email?.trim() || 'User';
}

/** Whether a sidebar entry is highlighted: exact match, or prefix match for non-root entries (docs/product.md §2). */
export function isNavEntryActive(entryPath: string, currentPath: string): boolean {
  if (currentPath === entryPath) return true;
  return entryPath !== '/' && currentPath.startsWith(entryPath);
}

/** A rate in percent with one decimal (docs/product.md: rates show one decimal); 0 when there is nothing to divide by. */
export function ratePercent(part: number, whole: number): number {
  return whole ? Math.round((part / whole) * 1000) / 10 : 0;
}
