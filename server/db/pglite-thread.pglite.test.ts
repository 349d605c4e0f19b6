import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PGliteThread, startPGliteThread } from './pglite-thread';

describe('PGlite on its own thread', () => {
  let pglite: PGliteThread;

  beforeAll(async () => {
    pglite = await startPGliteThread(null);
    await pglite.exec('CREATE TABLE notes (id bigserial PRIMARY KEY, body text UNIQUE, at timestamptz)');
  });
  afterAll(() => pglite.close());

  it('answers with PGlite’s values, and the caller’s own parsers on their types', async () => {
    const at = new Date('2026-11-23T10:00:00Z');
    await pglite.query('INSERT INTO notes (body, at) VALUES ($1, $2)', ['first', at]);
    const parsed = await pglite.query<{ id: number; body: string; at: Date }>('SELECT * FROM notes');
    expect(parsed.rows).toEqual([{ id: 1, body: 'first', at }]);
    // Drizzle hands over parsers that keep timestamps as text: functions stay on this side, and still apply.
    const raw = await pglite.query('SELECT body, at FROM notes', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => `text:${value}` },
    });
    expect(raw.rows).toEqual([['first', 'text:2026-11-23 10:00:00+00']]);
    expect(raw.fields.map((field) => field.name)).toEqual(['body', 'at']);
  });

  it('raises the database’s error with its code, and goes on', async () => {
    await expect(pglite.query('INSERT INTO notes (body) VALUES ($1)', ['first'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'notes_body_key',
    });
    expect((await pglite.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 1 }]);
  });

  it('commits and rolls back transactions, and keeps other queries out of an open one', async () => {
    await pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (body) VALUES ($1)', ['committed']);
    });
    let insideSawOutside = false;
    const rolledBack = pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (body) VALUES ($1)', ['rolled back']);
      // A query from outside waits for the transaction, as it does with PGlite in one thread.
      const outside = pglite.query('SELECT body FROM notes WHERE body = $1', ['rolled back']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      insideSawOutside = await Promise.race([outside.then(() => true), Promise.resolve(false)]);
      throw new Error('undo');
    });
    await expect(rolledBack).rejects.toThrow('undo');
    expect(insideSawOutside).toBe(false);
    const { rows } = await pglite.query<{ body: string }>('SELECT body FROM notes ORDER BY id');
    expect(rows.map((row) => row.body)).toEqual(['first', 'committed']);
    expect((await pglite.exec('SELECT 1 AS one; SELECT 2 AS two')).map((result) => result.rows)).toEqual([
      [{ one: 1 }],
      [{ two: 2 }],
    ]);
  });

  it('leaves the event loop free while the database works', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    try {
      // A query that keeps the database busy for a good while: on the server's thread no timer could fire.
      await pglite.query('SELECT count(*) FROM generate_series(1, 3000000) AS g WHERE g % 7 = 3');
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(3);
  });

  it('keeps a small buffer cache (decision 0034)', async () => {
    const { rows } = await pglite.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(rows[0].shared_buffers).toBe('16MB');
  });

  it('refuses calls once closed', async () => {
    const other = await startPGliteThread(null);
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('The database thread stopped');
  });
});

describe('PGlite in a DATA_DIR', () => {
  it('answers a COMMIT only once its WAL is synced to disk (decision 0041); in memory there is no disk to wait for', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-durable-'));
    const settings = async (pglite: PGliteThread) =>
      (
        await pglite.query('SELECT name, setting FROM pg_settings WHERE name = ANY($1) ORDER BY name', [
          ['fsync', 'synchronous_commit', 'wal_sync_method'],
        ])
      ).rows;
    const onDisk = await startPGliteThread(dataDir);
    const inMemory = await startPGliteThread(null);
    try {
      expect(await settings(onDisk)).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);
      expect(await settings(inMemory)).toContainEqual({ name: 'fsync', setting: 'off' });
    } finally {
      await onDisk.close();
      await inMemory.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
