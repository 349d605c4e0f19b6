import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PgliteDatabaseWaitingError,
  pgliteStateOf,
  refuseUnmovedPgliteDatabase,
  shellWord,
  writeMovedMarker,
} from './pglite-data-dir';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataDirWith(files: Record<string, string>): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr data dir '));
  made.push(dataDir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
    writeFileSync(path.join(dataDir, name), text);
  }
  return dataDir;
}

describe("the start's check of DATA_DIR/pglite", () => {
  it('lets a DATA_DIR without a PGlite database start, and one whose database was moved', () => {
    const fresh = dataDirWith({ 'postgres/PG_VERSION': '18\n', 'pglite/stray.txt': '' });
    expect(pgliteStateOf(fresh)).toEqual({ state: 'none' });
    expect(() => refuseUnmovedPgliteDatabase(fresh)).not.toThrow();

    const moved = dataDirWith({ 'pglite/PG_VERSION': '18\n' });
    writeMovedMarker(moved, {
      movedAt: new Date('2026-11-28T09:00:00Z'),
      tables: 26,
      rows: 1_000_042,
      clusterDir: '/x',
    });
    expect(pgliteStateOf(moved).state).toBe('moved');
    expect(() => refuseUnmovedPgliteDatabase(moved)).not.toThrow();
    const marker = readFileSync(path.join(moved, 'pglite/MOVED-TO-POSTGRES.txt'), 'utf8');
    expect(marker).toContain('on 2026-11-28T09:00:00.000Z');
    expect(marker).toContain('1,000,042 rows in 26 tables');
    expect(marker).toContain(`rm -rf '${moved}/pglite'`);
    expect(statSync(path.join(moved, 'pglite/MOVED-TO-POSTGRES.txt')).mode & 0o777).toBe(0o600);
  });

  it('refuses a PGlite database not moved yet, with the command to run for this DATA_DIR', () => {
    const waiting = dataDirWith({ 'pglite/PG_VERSION': '18\n' });
    expect(pgliteStateOf(waiting)).toEqual({ state: 'waiting', pgliteDir: `${waiting}/pglite`, postgresMajor: '18' });
    expect(() => refuseUnmovedPgliteDatabase(waiting)).toThrow(PgliteDatabaseWaitingError);
    expect(() => refuseUnmovedPgliteDatabase(waiting)).toThrow(`DATA_DIR='${waiting}' npm run migrate-embedded`);
  });

  it('quotes a path for the shell only when it needs it', () => {
    expect(shellWord('/srv/reach/data')).toBe('/srv/reach/data');
    expect(shellWord("/home/o'brien/my data")).toBe(`'/home/o'\\''brien/my data'`);
  });
});
