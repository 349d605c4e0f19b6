/**
 * `npm run bench`: every benchmark in turn, each in its own process and printing its own table;
 * `BENCH=<name>` (e.g. BENCH=landing) runs one.
 */
import { runEach } from './run-each';

const BENCHES = [
  'startup',
  'landing',
  'leads',
  'campaign',
  'stats',
  'backup',
  'reliability',
  'overhead',
  'load',
  'webhooks',
];
const chosen = process.env.BENCH ? process.env.BENCH.split(',') : BENCHES;
const unknown = chosen.filter((name) => !BENCHES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}; there are: ${BENCHES.join(', ')}`);
  process.exit(2);
}

runEach(
  '## bench',
  chosen.map((name) => ({ name, script: `bench/${name}.ts` })),
);
