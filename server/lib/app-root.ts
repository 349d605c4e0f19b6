import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findAppRoot(folder: string): string {
  if (existsSync(path.join(folder, 'package.json'))) return folder;
  const parent = path.dirname(folder);
  if (parent === folder) throw new Error(`LocalReach cannot find its package.json above ${folder}.`);
  return findAppRoot(parent);
}

/**
 * The folder of LocalReach's package.json. The server runs from its sources (tsx, the tests) and from its bundle
 * (dist/server, `npm start`), so the files it reads at run time (migrations, the built web client) are found from
 * here rather than from the running file.
 */
export const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
