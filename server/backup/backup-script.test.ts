import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BackupScriptReader, ScriptError, type ScriptEvent } from './backup-script';

/** Reads the chunks and joins the rows of each COPY, which the reader may hand on in any number of pieces. */
function read(chunks: string[]): ScriptEvent[] {
  const reader = new BackupScriptReader();
  const events = [...chunks.flatMap((chunk) => reader.push(chunk)), ...reader.end()];
  const joined: ScriptEvent[] = [];
  for (const event of events) {
    const last = joined.at(-1);
    if (event.kind === 'rows' && last?.kind === 'rows') last.data += event.data;
    else joined.push({ ...event });
  }
  return joined.map((event) => (event.kind === 'sql' ? { kind: 'sql', text: event.text.trim() } : event));
}

/** A backup as `npm run backup` writes it, with what can look like the end of a COPY's rows and is not. */
const script = [
  '-- LocalReach backup of somewhere\n-- localreach-backup {"format":2}\n\nSET client_encoding = \'UTF8\';\n',
  "CREATE FUNCTION f() RETURNS text AS $$ SELECT 'COPY x FROM stdin;' $$ LANGUAGE sql;\n",
  'ALTER TABLE "public"."leads" DISABLE TRIGGER USER;\n',
  'COPY "public"."leads" ("id", "note") FROM stdin;\n',
  "1\tIt's; fine\n",
  '2\t\\\\.\n',
  '\\\\.\tstarts with a backslash\n',
  '3\tends with \\\\.\n',
  '4\ta\\nnew line and a tab\\t and \\\\\\\\.\n',
  '\\.\n',
  'ALTER TABLE "public"."leads" ENABLE TRIGGER USER;\n',
  'COPY "public"."empty" ("id") FROM stdin;\n',
  '\\.\n',
  'SELECT pg_catalog.setval(\'"public"."leads_id_seq"\', 4, true);\n',
  'COPY "public"."last" ("id") FROM stdin;\n',
  '7\n',
  '\\.\n',
  '\n-- localreach-backup-end {"tables":3,"rows":5}\n',
].join('');

const expected: ScriptEvent[] = [
  {
    kind: 'sql',
    text: '-- LocalReach backup of somewhere\n-- localreach-backup {"format":2}\n\nSET client_encoding = \'UTF8\';',
  },
  { kind: 'sql', text: "CREATE FUNCTION f() RETURNS text AS $$ SELECT 'COPY x FROM stdin;' $$ LANGUAGE sql;" },
  { kind: 'sql', text: 'ALTER TABLE "public"."leads" DISABLE TRIGGER USER;' },
  { kind: 'copy', statement: '\nCOPY "public"."leads" ("id", "note") FROM stdin;' },
  {
    kind: 'rows',
    data: "1\tIt's; fine\n2\t\\\\.\n\\\\.\tstarts with a backslash\n3\tends with \\\\.\n4\ta\\nnew line and a tab\\t and \\\\\\\\.\n",
  },
  { kind: 'copy-end' },
  { kind: 'sql', text: 'ALTER TABLE "public"."leads" ENABLE TRIGGER USER;' },
  { kind: 'copy', statement: '\nCOPY "public"."empty" ("id") FROM stdin;' },
  { kind: 'copy-end' },
  { kind: 'sql', text: 'SELECT pg_catalog.setval(\'"public"."leads_id_seq"\', 4, true);' },
  { kind: 'copy', statement: '\nCOPY "public"."last" ("id") FROM stdin;' },
  { kind: 'rows', data: '7\n' },
  { kind: 'copy-end' },
];

describe('BackupScriptReader', () => {
  it('reads statements, and each COPY with its rows up to the line \\. and nothing else', () => {
    expect(read([script])).toEqual(expected);
  });

  it('reads the same however the file is cut into chunks', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: script.length - 1 }), { maxLength: 60 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), script.length];
        expect(read(points.slice(1).map((end, i) => script.slice(points[i], end)))).toEqual(expected);
      }),
      { numRuns: 1_000 },
    );
  });

  it("knows the backup's last line", () => {
    const reader = new BackupScriptReader();
    for (const chunk of script.match(/[\s\S]{1,7}/g) ?? []) reader.push(chunk);
    reader.end();
    expect(reader.lastLine()).toBe('-- localreach-backup-end {"tables":3,"rows":5}');
  });

  it('takes rows ending at the end of the file, and refuses a file cut inside the rows', () => {
    expect(read(['COPY t (a) FROM stdin;\n1\n\\.'])).toEqual([
      { kind: 'copy', statement: 'COPY t (a) FROM stdin;' },
      { kind: 'rows', data: '1\n' },
      { kind: 'copy-end' },
    ]);
    expect(() => read(['COPY t (a) FROM stdin;\n1\n2\n'])).toThrow(ScriptError);
  });
});
