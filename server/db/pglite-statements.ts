import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Statements kept prepared at once; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 200;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Prepared = { name: string; parameterTypes: number[] };

/**
 * Named prepared statements for PGlite. Its `query` parses and plans every statement again and talks to the
 * database six times per call; node-postgres keeps named statements per connection, PGlite's one connection keeps
 * none. Replacing the instance's `query` with this one (same arguments, same answers) parses each distinct SQL text
 * once and then runs it in one exchange (bind, describe, execute, sync), letting PostgreSQL reuse its plan: on the
 * campaign engine's statements it is two to three times faster. Queries inside `transaction` keep PGlite's own path.
 */
export function prepareStatementsOf(pglite: PGlite): void {
  const original = pglite.query.bind(pglite);
  const statements = new Map<string, Prepared>();
  let sequence = 0;

  const run = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function prepared(text: string): Promise<Prepared> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last, so the first one is the one to close.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `lr_statement_${++sequence}`;
    const answer = await run(
      join(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), sync),
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(answer) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      await run(join(protocol.serialize.close({ type: 'S', name: oldest.name }), sync));
    }
    return statement;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // Large objects and forced parameter types are rare: PGlite's own path handles them.
    if (options?.blob || options?.paramTypes) return original<T>(text, params, options);
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const statement = await prepared(text);
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const type = statement.parameterTypes[i];
          const serialize = options?.serializers?.[type] ?? pglite.serializers[type];
          return serialize ? serialize(param) : String(param);
        });
        let answer: Awaited<ReturnType<typeof run>>;
        try {
          answer = await run(
            join(
              protocol.serialize.bind({ statement: statement.name, values }),
              describePortal,
              protocol.serialize.execute({}),
              sync,
            ),
          );
        } catch (error) {
          // A statement whose tables changed under it is prepared again at its next use.
          statements.delete(text);
          await run(join(protocol.serialize.close({ type: 'S', name: statement.name }), sync)).catch(() => {});
          throw error;
        }
        await pglite.syncToFs();
        return results<T>(answer, (type) => options?.parsers?.[type] ?? pglite.parsers[type], options?.rowMode);
      }),
    );
  }

  pglite.query = query;
}

/**
 * The answer of one statement, as PGlite's `query` gives it. PGlite's own parseResults copies its table of
 * parsers (hundreds of types) at every call; this looks each column's parser up once.
 */
function results<T>(
  messages: BackendMessage[],
  parserOf: (type: number) => ((value: string, type: number) => unknown) | undefined,
  rowMode: QueryOptions['rowMode'],
): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (((value: string, type: number) => unknown) | undefined)[] = [];
  const rows: unknown[] = [];
  const parseValue = (value: string | null, column: number) => {
    if (value === null) return null;
    const parser = parsers[column];
    return parser ? parser(value, fields[column].dataTypeID) : value;
  };
  for (const message of messages) {
    if (message instanceof protocol.messages.RowDescriptionMessage) {
      fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
      parsers = fields.map((field) => parserOf(field.dataTypeID));
    } else if (message instanceof protocol.messages.DataRowMessage) {
      const values = message.fields.map(parseValue);
      rows.push(rowMode === 'array' ? values : Object.fromEntries(fields.map((field, i) => [field.name, values[i]])));
    } else if (message instanceof protocol.messages.CommandCompleteMessage) {
      const words = message.text.split(' ');
      const count = Number.parseInt(words[words.length - 1], 10);
      const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]) ? count : 0;
      return {
        rows,
        fields,
        command: words[0],
        affectedRows,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      } as Results<T>;
    }
  }
  return { rows, fields, affectedRows: 0 } as Results<T>;
}

const sync = protocol.serialize.sync();
const describePortal = protocol.serialize.describe({ type: 'P' });

function join(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
