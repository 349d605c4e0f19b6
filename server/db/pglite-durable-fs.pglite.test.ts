import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { modesUnder, notOwnerOnly } from '../test/file-modes';
import { DURABLE_START_PARAMS, DurableNodeFS } from './pglite-durable-fs';
import { startPGliteThread } from './pglite-thread';

describe('the embedded database on disk: commits grouped, none acknowledged before its WAL is on disk', () => {
  const folders: string[] = [];
  const newFolder = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lr-durable-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("notes each commit's WAL fsync for one syncWal, and syncs the WAL before any other file changes", async () => {
    const fs = new DurableNodeFS(newFolder());
    const pglite = new PGlite({ fs, startParams: [...PGlite.defaultStartParams, ...DURABLE_START_PARAMS] });
    try {
      await pglite.exec('CREATE TABLE notes (body text)');
      fs.syncWal();
      await pglite.query("INSERT INTO notes VALUES ('one')");
      await pglite.query("INSERT INTO notes VALUES ('two')");
      // Two commits, one WAL file waiting: one fsync makes both durable.
      expect(fs.walFilesToSync).toBe(1);
      fs.syncWal();
      expect(fs.walFilesToSync).toBe(0);

      await pglite.query("INSERT INTO notes VALUES ('three')");
      expect(fs.walFilesToSync).toBe(1);
      // A sort bigger than work_mem writes a temporary file and no WAL: the WAL reaches the disk before that file
      // is made, as it would before a data page or pg_control.
      await pglite.exec("SET work_mem = '64kB'");
      await pglite.query('SELECT g FROM generate_series(1, 100000) AS g ORDER BY g DESC');
      expect(fs.walFilesToSync).toBe(0);
    } finally {
      await pglite.close();
    }
  }, 60_000);

  // PGlite sets the files initdb made to 0666 by chmod, which no umask limits (decision 0057).
  it('creates every file and folder of the database owner-only, even under umask 000', async () => {
    const folder = path.join(newFolder(), 'pglite');
    const umask = process.umask(0);
    try {
      const database = await startPGliteThread(folder);
      await database.exec(
        "CREATE TABLE notes (body text); INSERT INTO notes SELECT 'note ' || g FROM generate_series(1, 20000) AS g",
      );
      await database.exec('CHECKPOINT');
      await database.close();
    } finally {
      process.umask(umask);
    }
    const found = modesUnder(folder);
    const names = found.map(({ path: name }) => name);
    expect(names).toContain('pg_wal/000000010000000000000001');
    expect(names).toContain('global/pg_control');
    expect(names.filter((name) => /^base\/\d+\/\d+$/.test(name)).length).toBeGreaterThan(100);
    expect(notOwnerOnly(found)).toEqual([]);
  }, 60_000);

  it('answers commits made together, and has every one of them after a restart', async () => {
    const folder = newFolder();
    const first = await startPGliteThread(folder);
    await first.exec('CREATE TABLE notes (id int PRIMARY KEY)');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, id) => first.query('INSERT INTO notes VALUES ($1)', [id])),
    );
    expect(answers.every((answer) => answer.affectedRows === 1)).toBe(true);
    await first.close();

    const again = await startPGliteThread(folder);
    try {
      expect((await again.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 200 }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
