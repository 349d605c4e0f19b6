import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A fresh DATA_DIR for one of the browser tests' servers, under the run's folder (E2E_DATA_ROOT, made by
 * scripts/test-e2e.mjs), which stops whatever embedded PostgreSQL server is left in it once Playwright ends.
 */
export function e2eDataDir(name: string): string {
  return mkdtempSync(path.join(process.env.E2E_DATA_ROOT ?? tmpdir(), `lr-e2e-${name}-`));
}
