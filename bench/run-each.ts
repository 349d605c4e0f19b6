import { spawnSync } from 'node:child_process';

/**
 * Runs each script in its own process (with `gc()` exposed, so a bench can collect its own garbage before timing),
 * one after another, under a heading. A bench that misses a target or fails does not stop the others (their
 * figures are still wanted); the run then ends with exit code 1, naming them.
 */
export function runEach(heading: string, parts: { name: string; script: string }[]): never {
  const failed: string[] = [];
  for (const { name, script } of parts) {
    console.log(`\n${heading}: ${name}\n`);
    const { status } = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script], { stdio: 'inherit' });
    if (status !== 0) failed.push(`${name} (exit code ${status ?? 'none'})`);
  }
  if (failed.length > 0) console.error(`\nFailed or missed a target: ${failed.join(', ')}`);
  process.exit(failed.length > 0 ? 1 : 0);
}
