// `npm start` builds the web client when dist/web is missing, unfinished or older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

if (process.env.ROLE === 'worker') process.exit(0);

const root = path.resolve(import.meta.dirname, '..');
// The last file a build writes (scripts/precompress.ts), after every compressed copy.
const buildStamp = path.join(root, 'dist/web/.precompressed');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const sources = ['web', 'contract', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'].map((name) =>
  path.join(root, name),
);
const builtAt = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.filter(existsSync).map(newestMtime))) {
  console.log('Building the web client…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
