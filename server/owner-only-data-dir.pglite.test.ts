import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from './test/app';
import { type FoundMode, modesUnder, notOwnerOnly, withUmask } from './test/file-modes';
import { freePort } from './test/net';
import { runPackageScript } from './test/package-script';
import { signalAndWait } from './test/process-exit';
import { healthy, startServer, stopAllServers, waitFor } from './test/server-process';

// Decision 0057: DATA_DIR and everything in it are the owner's only, with real processes under umask 000: the
// server as `npm start` runs it (its bundle, through scripts/build-server.mjs), `npm run backup` and
// `npm run restore` as npm runs them. About the embedded database's files, so the PostgreSQL project leaves them.

const startScript = 'scripts/start-server.sh';
const roots: string[] = [];
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lr-owner-only-'));
  roots.push(root);
  return root;
};
afterEach(stopAllServers);
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
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

describe('an owner-only DATA_DIR, under a permissive umask', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  });

  it('keeps every file and folder the server, its database, a backup and a restore write its owner’s only', {
    timeout: 240_000,
  }, async () => {
    const root = newRoot();
    const dataDir = path.join(root, 'data');
    const port = await freePort();
    const server = withUmask(0, () => startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' }, startScript));
    await waitFor(healthy(port), 'the server to listen', 90_000);
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validRegistration('owner@modes.test')),
    });
    expect(registered.status).toBe(201);

    // The commit of the new account is on disk, in the WAL: the password hash is among the files checked.
    const wal = path.join(dataDir, 'pglite', 'pg_wal');
    const walHolds = (text: string) =>
      readdirSync(wal).some((name) => /^[0-9A-F]{24}$/.test(name) && readFileSync(path.join(wal, name)).includes(text));
    expect(walHolds('owner@modes.test')).toBe(true);
    const running = modesUnder(dataDir);
    const names = running.map(({ path: name }) => name);
    for (const name of ['session-secret', 'encryption-key', 'control/socket', 'pglite/global/pg_control']) {
      expect(names).toContain(name);
    }
    expect(names.filter((name) => name.startsWith('pglite/base/')).length).toBeGreaterThan(500);
    expect(notOwnerOnly(running)).toEqual([]);

    // A backup while the app runs: its temporary copy of the database (in TMPDIR) and the file.
    const temporary = path.join(root, 'tmp');
    mkdirSync(temporary);
    const seen = new Map<string, FoundMode>();
    let backingUp = true;
    const watching = (async () => {
      while (backingUp) {
        for (const found of modesUnder(temporary)) seen.set(found.path, found);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const file = path.join(root, 'backup.sql');
    const backup = await withUmask(0, () =>
      runPackageScript('backup', [file], { DATA_DIR: dataDir, TMPDIR: temporary }),
    );
    backingUp = false;
    await watching;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const copies = [...seen.values()].filter(({ path: name }) => name.startsWith('localreach-backup-'));
    expect(copies.filter(({ kind }) => kind === 'folder').length).toBeGreaterThan(10);
    expect(copies.some(({ path: name }) => name.endsWith('pglite/global/pg_control'))).toBe(true);
    expect(notOwnerOnly(copies)).toEqual([]);

    await signalAndWait(server.child, 'SIGTERM');
    expect(server.child.exitCode).toBe(0);
    expect(notOwnerOnly(modesUnder(dataDir))).toEqual([]);

    // A restore into a folder made for it with mkdir (0755), still empty: made owner-only, and all it writes.
    const restored = path.join(root, 'restored');
    mkdirSync(restored);
    chmodSync(restored, 0o755);
    const restore = await withUmask(0, () => runPackageScript('restore', [file], { DATA_DIR: restored }));
    expect(restore.code).toBe(0);
    const restoredModes = modesUnder(restored);
    expect(restoredModes.map(({ path: name }) => name)).toContain('session-secret');
    expect(restoredModes.filter(({ path: name }) => name.startsWith('pglite/base/')).length).toBeGreaterThan(500);
    expect(notOwnerOnly(restoredModes)).toEqual([]);
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
    const dataDir = path.join(newRoot(), 'data');
    mkdirSync(dataDir);
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
    // Refused before anything was written: no database, no generated key.
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });
});
