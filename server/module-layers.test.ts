import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from './lib/app-root';

// The two layers of docs/architecture.md: adapters (the outside world) under server/adapters, domains under
// server/modules. Biome's noImportCycles finds loops between files; this finds them between folders, which a
// newcomer reads as the map of the code: no two modules import each other, and no adapter imports a module.
const serverDir = path.join(appRoot, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** "modules/campaigns", "adapters/mail": the unit a file belongs to, or null outside both layers. */
function unitOf(file: string): string | null {
  const match = path.relative(serverDir, file).split(path.sep);
  return (match[0] === 'modules' || match[0] === 'adapters') && match.length > 2 ? `${match[0]}/${match[1]}` : null;
}

function importsBetweenUnits(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(serverDir)) {
    const from = unitOf(file);
    if (!from) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = unitOf(path.join(path.dirname(file), specifier, 'x'));
      if (!to || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

describe('the server’s layers', () => {
  const edges = importsBetweenUnits();

  it('has no two modules or adapters that import each other', () => {
    const loops = [...edges].flatMap(([from, targets]) =>
      [...targets].filter((to) => from < to && edges.get(to)?.has(from)).map((to) => `${from} <-> ${to}`),
    );
    expect(loops).toEqual([]);
  });

  it('has no adapter that imports a module', () => {
    const upward = [...edges]
      .filter(([from]) => from.startsWith('adapters/'))
      .flatMap(([from, targets]) =>
        [...targets].filter((to) => to.startsWith('modules/')).map((to) => `${from} -> ${to}`),
      );
    expect(upward).toEqual([]);
  });
});
