import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrateDatabase, openDatabase } from '../db/client';
import { postgresBinaries } from '../db/embedded-binaries';
import { clusterDirOf } from '../db/embedded-postgres';
import { appRoot } from '../lib/app-root';
import { stopClusterProcesses } from './cluster-processes';

/**
 * A stopped, migrated embedded cluster that the tests' DATA_DIRs start from (process-database.ts): copying it takes
 * a fraction of a second where initdb and the migrations take seconds at every first start, and far longer on a
 * busy machine. Kept in node_modules/.cache, where tools keep what they can make again, under a name that changes
 * with what makes it: PostgreSQL's build, how the app creates a cluster, and the migrations.
 */

const CACHE_ROOT = path.join(appRoot, 'node_modules', '.cache', 'localreach-test-clusters');
const PASSWORD_FILE = 'postgres-password';

/** Gives `dataDir` (empty) a copy of the template cluster and its password, making the template first if needed. */
export async function copyTemplateCluster(dataDir: string): Promise<void> {
  const template = await templateDir();
  // cp -a keeps the server user's ownership and PostgreSQL's owner-only modes.
  await promisify(execFile)('cp', ['-a', clusterDirOf(template), clusterDirOf(dataDir)]);
  copyFileSync(path.join(template, PASSWORD_FILE), path.join(dataDir, PASSWORD_FILE));
}

let made: Promise<string> | null = null;

function templateDir(): Promise<string> {
  made ??= (async () => {
    const name = templateName();
    const dir = path.join(CACHE_ROOT, name);
    if (existsSync(path.join(clusterDirOf(dir), 'PG_VERSION'))) return dir;
    // Made where the server user may enter (a root app runs it as another user), then kept in the cache.
    const building = mkdtempSync(path.join(tmpdir(), 'lr-cluster-template-'));
    const partial = `${dir}.partial-${process.pid}`;
    try {
      // As the app's first start makes it; closing stops the server this started (a clean shutdown).
      const handle = await openDatabase({ dataDir: building });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      for (const file of ['postgres.log', 'postgres-port']) rmSync(path.join(building, file), { force: true });
      mkdirSync(path.dirname(CACHE_ROOT), { recursive: true });
      mkdirSync(CACHE_ROOT, { recursive: true, mode: 0o700 });
      removeOtherTemplates(name);
      await promisify(execFile)('cp', ['-a', building, partial]);
      renameSync(partial, dir);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      // Another test process made it meanwhile.
      if (!existsSync(path.join(clusterDirOf(dir), 'PG_VERSION'))) throw error;
    } finally {
      await stopClusterProcesses(building);
      rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })().catch((error) => {
    made = null;
    throw error;
  });
  return made;
}

function templateName(): string {
  const hash = createHash('sha256');
  const { postgres } = postgresBinaries();
  const binary = statSync(postgres);
  hash.update(`${postgres} ${binary.size} ${binary.mtimeMs}\n`);
  hash.update(readFileSync(path.join(appRoot, 'server/db/embedded-postgres.ts')));
  const migrations = path.join(appRoot, 'server/db/migrations');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Templates of other sources are only space once no test run copies them any more: those an hour old go (also
 * partial ones, whose maker died).
 */
function removeOtherTemplates(current: string) {
  for (const entry of readdirSync(CACHE_ROOT)) {
    const full = path.join(CACHE_ROOT, entry);
    if (entry !== current && Date.now() - statSync(full).mtimeMs > 3_600_000) {
      rmSync(full, { recursive: true, force: true });
    }
  }
}
