import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatementsOf } from './pglite-statements';

// The named-statement `query` must answer exactly as PGlite's own: compared side by side on one database.
describe('PGlite prepared statements', () => {
  let pglite: PGlite;
  let own: PGlite['query'];

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    own = pglite.query.bind(pglite);
    prepareStatementsOf(pglite);
    await pglite.exec(`CREATE TABLE things (
      id bigserial PRIMARY KEY, name text UNIQUE, seen_at timestamptz, tags text[], data jsonb, active boolean)`);
  });
  afterAll(() => pglite.close());

  const sameAnswer = async (text: string, params: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const prepared = await pglite.query(text, params, options);
    const plain = await own(text, params, options);
    expect(prepared).toEqual(plain);
    return prepared;
  };

  it('answers writes and reads of every kind of value as PGlite does', async () => {
    const at = new Date('2026-11-23T10:00:00Z');
    const inserted = await pglite.query<{ id: number }>(
      'INSERT INTO things (name, seen_at, tags, data, active) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      ['first', at, ['a', 'b'], { nested: [1, 2] }, true],
    );
    expect(inserted.affectedRows).toBe(1);
    await pglite.query('INSERT INTO things (name, seen_at, tags, data, active) VALUES ($1, $2, $3, $4, $5)', [
      'second',
      null,
      [],
      null,
      false,
    ]);
    const rows = await sameAnswer('SELECT * FROM things WHERE id >= $1 ORDER BY id', [inserted.rows[0].id]);
    expect(rows.rows).toEqual([
      { id: 1, name: 'first', seen_at: at, tags: ['a', 'b'], data: { nested: [1, 2] }, active: true },
      { id: 2, name: 'second', seen_at: null, tags: [], data: null, active: false },
    ]);
    await sameAnswer('SELECT name, seen_at FROM things ORDER BY id', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => `raw:${value}` },
    });
    await sameAnswer('UPDATE things SET active = NOT active WHERE name = $1', ['nobody']);
  });

  it('raises the database error and goes on answering afterwards', async () => {
    const insert = 'INSERT INTO things (name) VALUES ($1)';
    await pglite.query(insert, ['unique']);
    await expect(pglite.query(insert, ['unique'])).rejects.toMatchObject({ code: '23505' });
    await expect(pglite.query('SELECT * FROM no_such_table', [])).rejects.toMatchObject({ code: '42P01' });
    expect((await pglite.query('SELECT count(*)::int AS n FROM things WHERE name = $1', ['unique'])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('stays right with more distinct statements than it keeps, and inside transactions', async () => {
    for (let i = 0; i < 260; i++) {
      const { rows } = await pglite.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1]);
      expect(rows[0].n).toBe(1 + i);
    }
    expect((await pglite.query<{ n: number }>('SELECT $1::int + 0 AS n', [5])).rows[0].n).toBe(5);
    await pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO things (name) VALUES ($1)', ['in a transaction']);
    });
    // A query waits for a transaction running meanwhile rather than running inside it.
    const transaction = pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO things (name) VALUES ($1)', ['rolled back']);
      throw new Error('roll back');
    });
    const counted = pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM things WHERE name = $1', [
      'rolled back',
    ]);
    await expect(transaction).rejects.toThrow('roll back');
    expect((await counted).rows[0].n).toBe(0);
  });
});
