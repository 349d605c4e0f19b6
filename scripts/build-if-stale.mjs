// `npm start` builds what is missing, unfinished or older than its sources: the web client (dist/web) and the
// server's bundle (dist/server), which it then runs without a TypeScript loader (decision 0043).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverBundle } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const newestOf = (sources) =>
  Math.max(
    ...sources
      .map((name) => path.join(root, name))
      .filter(existsSync)
      .map(newestMtime),
  );

// The last file a web build writes (scripts/precompress.ts), after every compressed copy. A worker serves no pages.
const webStamp = path.join(root, 'dist/web/.precompressed');
const webSources = ['web', 'contract', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'];
if (process.env.ROLE !== 'worker' && builtAt(webStamp) < newestOf(webSources)) {
  console.log('Building the web client…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const serverSources = ['server', 'contract', 'tsconfig.json', 'package-lock.json', 'scripts/build-server.mjs'];
if (builtAt(serverBundle) < newestOf(serverSources)) await buildServer();
