import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/server-process';
import {
  askDataDirHolder,
  claimDataDir,
  controlSocketPath,
  type DataDirClaim,
  DataDirInUseError,
} from './data-dir-claim';

const dataDirs: string[] = [];
const newDataDir = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-claim-'));
  dataDirs.push(dataDir);
  return dataDir;
};
afterAll(() => {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

/** A control socket left behind by a process that died (SIGKILL): the file is there, nobody listens. */
async function leaveDeadSocket(dataDir: string) {
  const socketPath = controlSocketPath(dataDir);
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  const child = spawn(
    process.execPath,
    ['-e', `require('node:net').createServer().listen(${JSON.stringify(socketPath)}); setInterval(() => {}, 1e6)`],
    { stdio: 'ignore' },
  );
  await waitFor(() => existsSync(socketPath), 'the other process to listen');
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
  expect(existsSync(socketPath)).toBe(true);
}

describe('claiming DATA_DIR', () => {
  it('refuses a second claim while the first holds it, naming the holder, and allows one after release', async () => {
    const dataDir = newDataDir();
    const first = await claimDataDir(dataDir, { purpose: 'the first holder' });
    const refusal = await claimDataDir(dataDir, { purpose: 'a second' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toBe(
      `DATA_DIR ${dataDir} is in use by the first holder (process ${process.pid}).`,
    );
    await first.release();
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    const second = await claimDataDir(dataDir, { purpose: 'a second' });
    await second.release();
  });

  it('keeps the control socket where only its owner can reach it', async () => {
    const dataDir = newDataDir();
    const claim = await claimDataDir(dataDir, { purpose: 'LocalReach' });
    expect(statSync(path.dirname(controlSocketPath(dataDir))).mode & 0o777).toBe(0o700);
    await claim.release();
  });

  it('answers who holds it, and hands snapshot requests to the holder once it has a database to copy', async () => {
    const dataDir = newDataDir();
    const copies: string[] = [];
    const claim = await claimDataDir(dataDir, { purpose: 'LocalReach' });
    expect(await askDataDirHolder(dataDir, { op: 'snapshot', into: '/tmp/lr-copy' })).toMatchObject({ busy: true });
    claim.answerSnapshots(async (into) => {
      copies.push(into);
    });
    expect(await askDataDirHolder(dataDir, { op: 'who' })).toEqual({
      ok: true,
      holder: { pid: process.pid, purpose: 'LocalReach' },
    });
    expect(await askDataDirHolder(dataDir, { op: 'snapshot', into: '/tmp/lr-copy' })).toMatchObject({ ok: true });
    expect(copies).toEqual(['/tmp/lr-copy']);
    expect(await askDataDirHolder(dataDir, { op: 'snapshot', into: 'relative' })).toEqual({
      ok: false,
      message: 'A snapshot needs an absolute path to copy into.',
    });
    await claim.release();
    expect(await askDataDirHolder(dataDir, { op: 'who' })).toBeNull();
  });

  it('tells a backup that a holder without a database to copy cannot take one', async () => {
    const dataDir = newDataDir();
    const claim = await claimDataDir(dataDir, { purpose: 'a restore' });
    expect(await askDataDirHolder(dataDir, { op: 'snapshot', into: '/tmp/lr-copy' })).toEqual({
      ok: false,
      busy: true,
      message: `DATA_DIR ${dataDir} is in use by a restore (process ${process.pid}). It cannot take a backup now.`,
    });
    await claim.release();
  });

  it('takes over the socket of a process that died, and only one of several claimants at once does', async () => {
    const dataDir = newDataDir();
    await leaveDeadSocket(dataDir);
    expect(await askDataDirHolder(dataDir, { op: 'who' })).toBeNull();
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => claimDataDir(dataDir, { purpose: `claimant ${i}` })),
    );
    const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const attempt of refused) {
      expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(DataDirInUseError);
    }
    await (won[0] as PromiseFulfilledResult<DataDirClaim>).value.release();
    expect(readdirSync(path.dirname(controlSocketPath(dataDir)))).toEqual([]);
  });

  it('refuses a DATA_DIR whose path is too long for a socket, saying so', () => {
    const dataDir = path.join(tmpdir(), 'x'.repeat(100));
    expect(() => controlSocketPath(dataDir)).toThrow(/is too long a path for its control socket/);
  });
});
