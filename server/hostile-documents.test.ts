import { describe, expect, it } from 'vitest';
import { CASE_LIMIT_MS, describeCase, timedAreas, timedCases } from './test/hostile-documents';

/** Seeded, so a failure replays; `BENCH=reliability RELIABILITY=fuzz` reads thousands of cases with other seeds. */
const SEED = 16;
const CASES = 40;

describe('hostile documents read within a second each (a bound on catastrophic behaviour, not a speed figure)', () => {
  for (const area of timedAreas) {
    it(`${area.name}: ${CASES} cases, none throwing, none over ${CASE_LIMIT_MS} ms`, async () => {
      const broken: string[] = [];
      for await (const outcome of timedCases(area, CASES, SEED)) {
        if (outcome.error) broken.push(`threw ${String(outcome.error)} on ${describeCase(outcome.input)}`);
        if (outcome.ms > CASE_LIMIT_MS)
          broken.push(`took ${Math.round(outcome.ms)} ms on ${describeCase(outcome.input)}`);
      }
      expect(broken.join('\n')).toBe('');
    }, 120_000);
  }
});
