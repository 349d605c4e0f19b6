// Runs the Playwright suites in Debian's Chromium, or skips them with a reason where it is missing.
// Under REQUIRE_ALL=1 (CI) a skip is a failure.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const reason = `Browser tests skipped: no Chromium at ${chromium} (apt-get install -y chromium).`;
  if (process.env.REQUIRE_ALL === '1') {
    console.error(`${reason} REQUIRE_ALL=1 makes this a failure.`);
    process.exit(1);
  }
  console.warn(reason);
  process.exit(0);
}

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
const built = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);

// Every server of the run keeps its DATA_DIR in one folder (tests/e2e/data-dirs.ts), gone with whatever embedded
// PostgreSQL server a killed app left running in it.
process.env.E2E_DATA_ROOT = mkdtempSync(path.join(tmpdir(), 'lr-e2e-run-'));
// A root app's server runs as the user `postgres`, which must pass through this folder to its DATA_DIR.
chmodSync(process.env.E2E_DATA_ROOT, 0o711);
const status = run(['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)]);
await stopServersIn(process.env.E2E_DATA_ROOT);
rmSync(process.env.E2E_DATA_ROOT, { recursive: true, force: true });
process.exit(status);

/** Fast shutdown (SIGINT) of each postmaster still running in a DATA_DIR of the run, then SIGQUIT after 30 s. */
async function stopServersIn(root) {
  const postmasters = readdirSync(root).flatMap((dir) => {
    try {
      const pid = Number(readFileSync(path.join(root, dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      return signal(pid, 'SIGINT') ? [pid] : [];
    } catch {
      return [];
    }
  });
  const deadline = Date.now() + 30_000;
  while (postmasters.some((pid) => signal(pid, 0))) {
    if (Date.now() > deadline) {
      for (const pid of postmasters) signal(pid, 'SIGQUIT');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}
