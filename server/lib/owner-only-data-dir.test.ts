import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirOpenToOthersError, ensureOwnerOnlyDataDir, findOpenToOthers } from './owner-only-data-dir';

const newRoot = () => mkdtempSync(path.join(tmpdir(), 'lr-owner-only-'));
const modeOf = (file: string) => statSync(file).mode & 0o777;

/**
 * A DATA_DIR as the app leaves it: owner-only, with secrets, and the folders of a database inside: the PGlite
 * database an earlier release wrote (kept after its move until its owner deletes it) and the embedded server's.
 */
function ownerOnlyDataDir(): string {
  const dataDir = path.join(newRoot(), 'data');
  mkdirSync(path.join(dataDir, 'pglite', 'base', '5'), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dataDir, 'session-secret'), 'secret\n', { mode: 0o600 });
  writeFileSync(path.join(dataDir, 'pglite', 'base', '5', '1259'), 'rows', { mode: 0o600 });
  mkdirSync(path.join(dataDir, 'postgres', 'base', '5'), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dataDir, 'postgres', 'base', '5', '1259'), 'rows', { mode: 0o600 });
  return dataDir;
}

describe('an owner-only DATA_DIR (decision 0057)', () => {
  it('is created 0700, with the folders above it that were missing, whatever the umask', () => {
    const dataDir = path.join(newRoot(), 'srv', 'data');
    const umask = process.umask(0);
    try {
      ensureOwnerOnlyDataDir(dataDir);
    } finally {
      process.umask(umask);
    }
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.dirname(dataDir))).toBe(0o700);
  });

  it('makes an existing empty DATA_DIR owner-only, and refuses one with files in it, leaving it as it was', () => {
    const empty = path.join(newRoot(), 'empty');
    mkdirSync(empty);
    chmodSync(empty, 0o755);
    ensureOwnerOnlyDataDir(empty);
    expect(modeOf(empty)).toBe(0o700);

    const used = ownerOnlyDataDir();
    chmodSync(used, 0o755);
    expect(() => ensureOwnerOnlyDataDir(used)).toThrow(DataDirOpenToOthersError);
    expect(modeOf(used)).toBe(0o755);
    expect(findOpenToOthers(used)).toEqual({ path: used, mode: 0o755, count: 1 });
  });

  it('finds nothing in a DATA_DIR that is its owner’s only, and passes over symbolic links', () => {
    const dataDir = ownerOnlyDataDir();
    // A link's own mode is always 0777 and means nothing; it is not followed.
    symlinkSync('/etc/hostname', path.join(dataDir, 'link'));
    expect(findOpenToOthers(dataDir)).toBeNull();
    expect(() => ensureOwnerOnlyDataDir(dataDir)).not.toThrow();
  });

  it('finds a file or folder the group or others may open, however deep, and counts the others', () => {
    const dataDir = ownerOnlyDataDir();
    chmodSync(path.join(dataDir, 'pglite', 'base', '5', '1259'), 0o640);
    expect(findOpenToOthers(dataDir)).toEqual({
      path: path.join(dataDir, 'pglite', 'base', '5', '1259'),
      mode: 0o640,
      count: 1,
    });
    chmodSync(path.join(dataDir, 'pglite'), 0o701);
    chmodSync(path.join(dataDir, 'session-secret'), 0o604);
    expect(findOpenToOthers(dataDir)?.count).toBe(3);
  });

  it('refuses saying which path is open, in plain words, and the one command that fixes it', () => {
    const dataDir = ownerOnlyDataDir();
    chmodSync(dataDir, 0o755);
    expect(() => ensureOwnerOnlyDataDir(dataDir)).toThrow(
      `DATA_DIR ${dataDir} is open to other users of this machine (mode 0755). DATA_DIR holds the password hashes, ` +
        'mailbox credentials and the keys to them: it and everything in it must be yours only. Make it so with:\n' +
        `  chmod -R go-rwx ${dataDir}`,
    );
    chmodSync(dataDir, 0o700);
    chmodSync(path.join(dataDir, 'session-secret'), 0o644);
    chmodSync(path.join(dataDir, 'pglite'), 0o755);
    expect(() => ensureOwnerOnlyDataDir(dataDir)).toThrow(
      `${path.join(dataDir, 'pglite')} in DATA_DIR is open to other users of this machine (mode 0755), and so is one more file or folder in it.`,
    );
  });

  it('leaves the embedded server’s cluster to PostgreSQL, which keeps it so itself, and only there', () => {
    const dataDir = ownerOnlyDataDir();
    // PostgreSQL's own choice: a cluster made with group access (initdb -g) is 0750, its files 0640.
    chmodSync(path.join(dataDir, 'postgres'), 0o750);
    chmodSync(path.join(dataDir, 'postgres', 'base', '5', '1259'), 0o640);
    mkdirSync(path.join(dataDir, 'postgres.partial'), { mode: 0o750 });
    expect(findOpenToOthers(dataDir)).toBeNull();
    // A folder of that name deeper down is the app's, and looked at.
    mkdirSync(path.join(dataDir, 'pglite', 'postgres'), { mode: 0o750 });
    expect(findOpenToOthers(dataDir)).toEqual({
      path: path.join(dataDir, 'pglite', 'postgres'),
      mode: 0o750,
      count: 1,
    });
  });

  it('lets the group enter DATA_DIR (0710) only when the app is root, whose server runs as the postgres user', () => {
    const dataDir = ownerOnlyDataDir();
    chmodSync(dataDir, 0o710);
    const root = process.getuid?.() === 0;
    expect(findOpenToOthers(dataDir)).toEqual(root ? null : { path: dataDir, mode: 0o710, count: 1 });
    // Reading the folder's names is more than entering it, for root too.
    chmodSync(dataDir, 0o750);
    expect(findOpenToOthers(dataDir)).toEqual({ path: dataDir, mode: 0o750, count: 1 });
    chmodSync(dataDir, 0o711);
    expect(findOpenToOthers(dataDir)).toEqual({ path: dataDir, mode: 0o711, count: 1 });
  });

  it('quotes a path the shell would split', () => {
    const dataDir = path.join(newRoot(), "Dana's data");
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'session-secret'), 'secret\n', { mode: 0o600 });
    chmodSync(dataDir, 0o750);
    expect(() => ensureOwnerOnlyDataDir(dataDir)).toThrow(`chmod -R go-rwx '${dataDir.replace("'", "'\\''")}'`);
  });
});
