import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { inForeignKeyOrder, publicTables, type Query, type Table } from './table-catalogue';

const table = (name: string, references: string[] = []): Table => ({ name, columns: ['id'], references });

describe('inForeignKeyOrder', () => {
  it('puts every table after the tables it references, ties by name', () => {
    const ordered = inForeignKeyOrder([
      table('tracking_events', ['users', 'campaign_recipients']),
      table('campaign_recipients', ['campaigns', 'users']),
      table('users'),
      table('campaigns', ['users']),
      table('billing_events', ['users']),
    ]);
    expect(ordered.map((entry) => entry.name)).toEqual([
      'users',
      'billing_events',
      'campaigns',
      'campaign_recipients',
      'tracking_events',
    ]);
  });

  it('loads a table that references itself in place, and refuses a cycle of tables', () => {
    expect(inForeignKeyOrder([table('nodes', ['nodes'])]).map((entry) => entry.name)).toEqual(['nodes']);
    expect(() => inForeignKeyOrder([table('a', ['b']), table('b', ['a'])])).toThrow(
      'The foreign keys of a → b → a form a cycle',
    );
  });
});

describe('publicTables on the migrated schema', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('lists every table with its stored columns and references, in an order that loads', async () => {
    const query: Query = async (text, params) => (await database.pool.query(text, params as unknown[])).rows;
    const tables = inForeignKeyOrder(await publicTables(query));
    expect(tables).toHaveLength(31);
    const seen = new Set<string>();
    for (const entry of tables) {
      for (const referenced of entry.references) if (referenced !== entry.name) expect(seen).toContain(referenced);
      seen.add(entry.name);
    }
    const leads = tables.find((entry) => entry.name === 'leads');
    // The generated search column is the server's to compute.
    expect(leads?.columns).not.toContain('search_text');
    expect(leads?.columns).toContain('custom_fields');
    expect(tables.find((entry) => entry.name === 'campaign_recipients')?.references).toEqual(
      expect.arrayContaining(['campaigns', 'leads', 'users']),
    );
  });
});
