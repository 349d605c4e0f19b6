import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverUser } from './db/embedded-binaries';
import { runningServer } from './db/embedded-postgres';
import { validRegistration } from './test/app';
import { type FoundMode, modesUnder, notOwnerOnly, withUmask } from './test/file-modes';
import { freePort } from './test/net';
import { runPackageScript } from './test/package-script';
import { signalAndWait } from './test/process-exit';
import { healthy, startServer, stopAllServers, waitFor } from './test/server-process';

// Decision 0057: DATA_DIR and everything in it are the owner's only, with real processes under umask 000: the
// server as `npm start` runs it (its bundle, through scripts/build-server.mjs) with its embedded PostgreSQL server,
// `npm run backup` and `npm run restore` as npm runs them.

const startScript = 'scripts/start-server.sh';
const roots: string[] = [];
/** A folder of the test's own in TMPDIR, 0700 as mkdtemp makes it, empty. */
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lr-owner-only-'));
  roots.push(root);
  return root;
};
afterEach(stopAllServers);
afterAll(async () => {
  for (const root of roots) {
    // A server a failed test left running goes with its DATA_DIR.
    await (await runningServer(root).catch(() => null))?.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
const exited = (child: { exitCode: number | null }) => waitFor(() => child.exitCode !== null, 'the server to exit');
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * What DATA_DIR itself must be: 0700, or, when the app runs as root and so runs its server as the system user
 * `postgres`, 0710 with that user's group, which may enter it to reach the cluster and not list it.
 */
function expectDataDirItselfOwnerOnly(dataDir: string) {
  const stats = statSync(dataDir);
  const user = serverUser();
  expect(stats.uid).toBe(process.getuid?.());
  if (user) {
    expect(stats.mode & 0o777).toBe(0o710);
    expect(stats.gid).toBe(user.gid);
  } else {
    expect(stats.mode & 0o777).toBe(0o700);
  }
}

/** Every file and folder in DATA_DIR but itself: its owner's only (the cluster's owner is the server's user). */
const notOwnerOnlyInside = (found: FoundMode[]) => notOwnerOnly(found.filter(({ path: name }) => name !== '.'));

/** Watches `folder` while `during` runs, every 10 ms: each path seen, with the last mode it had. */
async function modesWhile<T>(folder: string, during: () => Promise<T>): Promise<{ result: T; seen: FoundMode[] }> {
  const seen = new Map<string, FoundMode>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      for (const found of modesUnder(folder)) seen.set(found.path, found);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const result = await during();
    return { result, seen: [...seen.values()] };
  } finally {
    watching = false;
    await watcher;
  }
}

describe('an owner-only DATA_DIR, under a permissive umask', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  });

  it('keeps every file and folder the server, its database, a backup and a restore write its owner’s only', {
    timeout: 240_000,
  }, async () => {
    // DATA_DIR straight in TMPDIR: a root app's server user must be able to pass through every folder above it.
    const dataDir = newRoot();
    const port = await freePort();
    // Watched from the first start on: the cluster being made, the start's lock, the generated secrets.
    const { result: server, seen: whileStarting } = await modesWhile(dataDir, async () => {
      const started = withUmask(0, () =>
        startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' }, startScript),
      );
      await waitFor(healthy(port), 'the server to listen', 90_000);
      return started;
    });
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validRegistration('owner@modes.test')),
    });
    expect(registered.status).toBe(201);

    // The commit of the new account is on disk, in the WAL: the password hash is among the files checked.
    const wal = path.join(dataDir, 'postgres', 'pg_wal');
    const walHolds = (text: string) =>
      readdirSync(wal).some((name) => /^[0-9A-F]{24}$/.test(name) && readFileSync(path.join(wal, name)).includes(text));
    expect(walHolds('owner@modes.test')).toBe(true);
    const running = modesUnder(dataDir);
    const names = running.map(({ path: name }) => name);
    for (const name of [
      'session-secret',
      'encryption-key',
      'postgres-password',
      'postgres.log',
      'postgres/PG_VERSION',
      'postgres/global/pg_control',
      'postgres/postmaster.pid',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.filter((name) => name.startsWith('postgres/base/')).length).toBeGreaterThan(500);
    expectDataDirItselfOwnerOnly(dataDir);
    expect(notOwnerOnlyInside(running)).toEqual([]);
    expect(notOwnerOnlyInside(whileStarting)).toEqual([]);
    expect(whileStarting.map(({ path: name }) => name)).toContain('postgres.partial');
    // The cluster is the server user's: the app's user when it is not root.
    const clusterOwner = statSync(path.join(dataDir, 'postgres', 'PG_VERSION')).uid;
    expect(clusterOwner).toBe(serverUser()?.uid ?? process.getuid?.());

    // A backup while the app runs: the file, and whatever it writes beside it or in TMPDIR meanwhile.
    const root = newRoot();
    const temporary = path.join(root, 'tmp');
    mkdirSync(temporary, { mode: 0o700 });
    const file = path.join(root, 'backup.sql');
    const { result: backup, seen: whileBackingUp } = await modesWhile(root, () =>
      withUmask(0, () => runPackageScript('backup', [file], { DATA_DIR: dataDir, TMPDIR: temporary })),
    );
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // tsx's cache of our compiled sources (TMPDIR/tsx-<uid>) is the loader's, and holds no data.
    const writtenByBackup = whileBackingUp.filter(({ path: name }) => !name.startsWith('tmp/tsx-'));
    expect(notOwnerOnlyInside(writtenByBackup)).toEqual([]);

    await signalAndWait(server.child, 'SIGTERM');
    expect(server.child.exitCode).toBe(0);
    expectDataDirItselfOwnerOnly(dataDir);
    expect(notOwnerOnlyInside(modesUnder(dataDir))).toEqual([]);

    // A restore into a folder made for it with mkdir (0755), still empty: made owner-only, and all it writes.
    const restored = newRoot();
    chmodSync(restored, 0o755);
    const restore = await withUmask(0, () => runPackageScript('restore', [file], { DATA_DIR: restored }));
    expect(restore.code, restore.stderr).toBe(0);
    const restoredModes = modesUnder(restored);
    expect(restoredModes.map(({ path: name }) => name)).toContain('session-secret');
    expect(restoredModes.filter(({ path: name }) => name.startsWith('postgres/base/')).length).toBeGreaterThan(500);
    expectDataDirItselfOwnerOnly(restored);
    expect(notOwnerOnlyInside(restoredModes)).toEqual([]);
  });

  it('refuses to start on a DATA_DIR others may open, naming the path and the chmod that fixes it, and listens on nothing', {
    timeout: 120_000,
  }, async () => {
    const refusal = async (dataDir: string) => {
      const port = await freePort();
      const server = withUmask(0, () => startServer({ DATA_DIR: dataDir, PORT: String(port) }, startScript));
      await exited(server.child);
      expect(await listening(port)).toBe(false);
      return { code: server.child.exitCode, output: server.output() };
    };
    const dataDir = newRoot();
    writeFileSync(path.join(dataDir, 'session-secret'), `${'a'.repeat(64)}\n`, { mode: 0o600 });
    chmodSync(dataDir, 0o755);
    const openFolder = await refusal(dataDir);
    expect(openFolder.code).toBe(1);
    expect(openFolder.output).toContain(
      `LocalReach cannot start: DATA_DIR ${dataDir} is open to other users of this machine (mode 0755).`,
    );
    expect(openFolder.output).toContain(`Make it so with:\n  chmod -R go-rwx ${dataDir}\n`);

    chmodSync(dataDir, 0o700);
    chmodSync(path.join(dataDir, 'session-secret'), 0o640);
    const openFile = await refusal(dataDir);
    expect(openFile.code).toBe(1);
    expect(openFile.output).toContain(
      `LocalReach cannot start: ${path.join(dataDir, 'session-secret')} in DATA_DIR is open to other users of this machine (mode 0640).`,
    );
    expect(openFile.output).toContain(`chmod -R go-rwx ${dataDir}`);
    // Refused before anything was written: no database, no generated key, no PostgreSQL server.
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });
});
