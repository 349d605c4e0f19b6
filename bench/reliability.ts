/**
 * `BENCH=reliability`: the long reliability proofs, each part a `bench/reliability-<part>.ts` of its own run in
 * its own process (fuzzing, faults, …), so one part's crashes and kills never touch another's figures.
 * `RELIABILITY=<part>[,<part>]` runs some of them.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { runEach } from './run-each';

const found = readdirSync(import.meta.dirname)
  .map((file) => /^reliability-(.+)\.ts$/.exec(file)?.[1])
  .filter((part): part is string => part !== undefined)
  .sort();
const chosen = process.env.RELIABILITY ? process.env.RELIABILITY.split(',') : found;
const unknown = chosen.filter((part) => !found.includes(part));
if (unknown.length > 0) {
  console.error(`Unknown reliability part ${unknown.join(', ')}; there are: ${found.join(', ')}`);
  process.exit(2);
}

runEach(
  '### reliability',
  chosen.map((part) => ({ name: part, script: path.join(import.meta.dirname, `reliability-${part}.ts`) })),
);
