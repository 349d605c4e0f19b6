// Bundles the server (server/main.ts and the mail reading thread) into dist/server, so that `npm start` runs plain
// JavaScript: no TypeScript loader, its thread and its source maps in the server's memory (decision 0043).
// Packages stay in node_modules. Each file is written beside its place and renamed into it, so processes started
// together never read half a file.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');
/** Written last: its age is the bundle's (scripts/build-if-stale.mjs). */
export const serverBundle = path.join(outdir, 'main.mjs');

export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      // The thread that reads inbound mail (decision 0055), found beside the bundle.
      'classify-thread-worker': 'server/adapters/mail/inbound/classify-thread-worker.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  const files = result.outputFiles.toSorted(
    (a, b) => Number(a.path === serverBundle) - Number(b.path === serverBundle),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] === import.meta.filename) await buildServer();
