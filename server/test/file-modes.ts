import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** One file or folder as a test found it: its path relative to where the walk began, its kind and its mode. */
export type FoundMode = { path: string; kind: 'folder' | 'file' | 'other'; mode: number };

/**
 * Every file and folder under `root` (itself included, as '.'), with its permission bits, for tests that check who
 * may read them. Entries that vanish while it walks (a live database, a backup cleaning up) are passed over.
 */
export function modesUnder(root: string): FoundMode[] {
  const found: FoundMode[] = [];
  const visit = (where: string) => {
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(where);
    } catch {
      return;
    }
    const kind = stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : 'other';
    found.push({ path: path.relative(root, where) || '.', kind, mode: stats.mode & 0o7777 });
    if (kind !== 'folder') return;
    let names: string[] = [];
    try {
      names = readdirSync(where);
    } catch {
      return;
    }
    for (const name of names) visit(path.join(where, name));
  };
  visit(root);
  return found;
}

/** What may differ from owner-only: nothing. Folders 0700, files 0600, anything else (a socket) no group or other bits. */
export function notOwnerOnly(found: FoundMode[]): string[] {
  return found
    .filter(({ kind, mode }) => (kind === 'folder' ? mode !== 0o700 : kind === 'file' ? mode !== 0o600 : mode & 0o077))
    .map(({ path: where, mode }) => `${where} 0${mode.toString(8)}`);
}

/** Runs `start` (which spawns a process) with this umask, so the child inherits it; the test's own comes back after. */
export function withUmask<T>(mask: number, start: () => T): T {
  const previous = process.umask(mask);
  try {
    return start();
  } finally {
    process.umask(previous);
  }
}
