import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PGliteThread, startPGliteThread } from './pglite-thread';

// The backup operation of the embedded database's thread (decision 0039).

describe('backup tasks on the database thread', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lr-backup-tasks-'));
  let database: PGliteThread;
  beforeAll(async () => {
    database = await startPGliteThread(path.join(root, 'live'));
    await database.exec('CREATE TABLE notes (id int PRIMARY KEY, text text)');
  });
  afterAll(async () => {
    await database.close();
    rmSync(root, { recursive: true, force: true });
  });

  const rowsIn = async (dataDir: string) => {
    const copy = await startPGliteThread(dataDir);
    try {
      return (await copy.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).rows.map((row) => row.id);
    } finally {
      await copy.close();
    }
  };

  it('copies the files at one moment: after the open transaction, before the statements that wait for it', async () => {
    await database.query("INSERT INTO notes VALUES (1, 'before')");
    let snapshot: Promise<unknown> = Promise.resolve();
    const into = path.join(root, 'snapshot');
    await database.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES (2, 'in the open transaction')");
      snapshot = database.backup({ kind: 'snapshot', into });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.query("INSERT INTO notes VALUES (3, 'still in it')");
    });
    const after = database.query("INSERT INTO notes VALUES (4, 'after')");
    await Promise.all([snapshot, after]);
    expect(existsSync(path.join(into, 'postmaster.pid'))).toBe(false);
    expect(await rowsIn(into)).toEqual([1, 2, 3]);
    expect((await database.query<{ id: number }>('SELECT id FROM notes')).rows).toHaveLength(4);
    expect(statSync(into).mode & 0o777).toBe(0o700);
  });

  it('creates nothing when the folder to copy into is gone (the backup gave up)', async () => {
    const gone = path.join(root, 'gone');
    await expect(database.backup({ kind: 'snapshot', into: path.join(gone, 'pglite') })).rejects.toThrow(/ENOENT/);
    expect(existsSync(gone)).toBe(false);
  });

  it("writes pg_dump's plain SQL after the header into a new owner-only file, loadable by servers older than PostgreSQL 17 too", async () => {
    const into = path.join(root, 'to-dump');
    await database.backup({ kind: 'snapshot', into });
    const copy = await startPGliteThread(into);
    const file = path.join(root, 'dump.sql');
    try {
      const { bytes } = await copy.backup({ kind: 'dump', file, header: '-- a header\n' });
      expect(bytes).toBe(statSync(file).size);
      await expect(copy.backup({ kind: 'dump', file, header: '' })).rejects.toThrow(/EEXIST/);
    } finally {
      await copy.close();
    }
    const dump = readFileSync(file, 'utf8');
    expect(dump.startsWith('-- a header\n--\n-- PostgreSQL database dump\n')).toBe(true);
    expect(dump).toContain("INSERT INTO public.notes VALUES\n\t(1, 'before'),");
    expect(dump).toContain('SET statement_timeout = 0;');
    expect(dump).not.toContain('transaction_timeout');
    expect(dump).not.toMatch(/^\\restrict/m);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
