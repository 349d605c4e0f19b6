/**
 * `npm run bench`: every benchmark in turn, each in its own process and printing its own table;
 * `BENCH=<name>` (e.g. BENCH=landing) runs one.
 */
import { spawnSync } from 'node:child_process';

const BENCHES = ['landing', 'leads', 'campaign', 'stats'];
const chosen = process.env.BENCH ? process.env.BENCH.split(',') : BENCHES;
const unknown = chosen.filter((name) => !BENCHES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}; there are: ${BENCHES.join(', ')}`);
  process.exit(2);
}

for (const name of chosen) {
  console.log(`\n## bench: ${name}\n`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
