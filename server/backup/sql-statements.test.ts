import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SqlPiece, SqlStatementSplitter } from './sql-statements';

function split(chunks: string[]): SqlPiece[] {
  const splitter = new SqlStatementSplitter();
  return [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
}

const sql = (text: string): SqlPiece => ({ kind: 'sql', text });

/** What pg_dump writes, with every place a semicolon can hide. */
const script = [
  '--\n-- PostgreSQL database dump\n--\n\nSET statement_timeout = 0;',
  "\nSELECT pg_catalog.set_config('search_path', '', false);",
  '\n\\restrict AbC123\n',
  "CREATE FUNCTION public.f() RETURNS trigger\n    LANGUAGE plpgsql\n    AS $$\nBEGIN\n  RAISE NOTICE 'a;b';\n  RETURN NEW; -- done;\nEND $$;",
  '\nCREATE FUNCTION public.g() RETURNS text AS $body$ SELECT $x$;$x$ $body$;',
  '\nCREATE TABLE public."odd;name" (note text /* a; /* nested; */ comment */);',
  "\nINSERT INTO public.leads VALUES\n\t(1, 'It''s;\nfine', '{\"a\": \"b;\"}'),\n\t(2, E'back\\\\'';\\'', NULL);",
  '\nALTER TABLE price$; ',
  '\nSELECT 1 -- a last statement without its semicolon',
].join('');

describe('SqlStatementSplitter', () => {
  it('splits where statements end, not at the semicolons inside strings, identifiers, bodies and comments', () => {
    const pieces = split([script]);
    expect(pieces.map((piece) => (piece.kind === 'sql' ? piece.text.trim() : `META ${piece.text}`))).toEqual([
      '--\n-- PostgreSQL database dump\n--\n\nSET statement_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      'META \\restrict AbC123',
      "CREATE FUNCTION public.f() RETURNS trigger\n    LANGUAGE plpgsql\n    AS $$\nBEGIN\n  RAISE NOTICE 'a;b';\n  RETURN NEW; -- done;\nEND $$;",
      'CREATE FUNCTION public.g() RETURNS text AS $body$ SELECT $x$;$x$ $body$;',
      'CREATE TABLE public."odd;name" (note text /* a; /* nested; */ comment */);',
      "INSERT INTO public.leads VALUES\n\t(1, 'It''s;\nfine', '{\"a\": \"b;\"}'),\n\t(2, E'back\\\\'';\\'', NULL);",
      'ALTER TABLE price$;',
      'SELECT 1 -- a last statement without its semicolon',
    ]);
  });

  it('gives the same pieces however the script is cut into chunks', () => {
    const whole = split([script]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: script.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), script.length];
        const chunks = points.slice(1).map((end, i) => script.slice(points[i], end));
        expect(split(chunks)).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('ends with nothing left over when the script ends with its last semicolon', () => {
    expect(split(['SELECT 1;\n', '\n-- end\n'])).toEqual([sql('SELECT 1;')]);
  });
});
