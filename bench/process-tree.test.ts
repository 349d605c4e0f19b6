import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pssKb, treeMemory, treePids } from './process-tree';

/** A process that starts a child of its own and prints the child's pid, as the app starts its server's. */
function parentWithChild(): Promise<{ parent: ChildProcess; childPid: number }> {
  const parent = spawn(process.execPath, [
    '-e',
    `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
     console.log(c.pid); setInterval(() => {}, 1000); process.on('SIGTERM', () => { c.kill(); process.exit(0); });`,
  ]);
  return new Promise((resolve) =>
    parent.stdout?.once('data', (data) => resolve({ parent, childPid: Number(String(data)) })),
  );
}

const started: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGTERM');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the memory tree of an app and its embedded server', () => {
  it('holds the app, its descendants and, through DATA_DIR, the postmaster with its own descendants', async () => {
    const app = await parentWithChild();
    const server = await parentWithChild();
    started.push(app.parent, server.parent);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-tree-'));
    folders.push(dataDir);
    mkdirSync(path.join(dataDir, 'postgres'));
    writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), `${server.parent.pid}\n/x\n0\n5432\n`);

    const pids = treePids(app.parent.pid as number, dataDir);
    expect(pids.toSorted()).toEqual([app.parent.pid, app.childPid, server.parent.pid, server.childPid].toSorted());
    expect(treePids(app.parent.pid as number)).toHaveLength(2);
    expect(treePids(server.childPid)).toEqual([server.childPid]);

    // Proportional set sizes: each process's is positive, and the tree's is their sum.
    const each = pids.map(pssKb);
    expect(each.every((kb) => kb > 0)).toBe(true);
    const memory = treeMemory(app.parent.pid as number, dataDir);
    expect(memory.processes).toBe(4);
    expect(memory.mb).toBeGreaterThan(0);
  });

  it('answers 0 for a process that has ended', () => {
    expect(pssKb(2 ** 22 + 1)).toBe(0);
  });
});
