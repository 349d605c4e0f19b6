/**
 * `RELIABILITY=fuzz` (decision 0040): the long run of the hostile-input proofs that `npm test` runs seeded and small.
 * Every route of the app's table with 10,000 hostile requests (FUZZ_ROUTE_CASES) on the embedded server, and on the
 * PostgreSQL server at TEST_DATABASE_URL when it is set; then CSV imports, template HTML and inbound MIME with
 * 1,000 cases each (FUZZ_DOCUMENT_CASES), each case timed. Fails when any rule breaks.
 *
 *   BENCH=reliability RELIABILITY=fuzz npm run bench
 */
import { CASE_LIMIT_MS, describeCase, timedAreas, timedCases } from '../server/test/hostile-documents';
import { createHostileOwner } from '../server/test/hostile-owner';
import { describeRequest, fuzzRequests, fuzzTargets, sendHostile } from '../server/test/route-fuzz';

const routeCases = Number(process.env.FUZZ_ROUTE_CASES ?? 10_000);
const documentCases = Number(process.env.FUZZ_DOCUMENT_CASES ?? 1_000);
// Other seeds than the tests' (16), so the long run reads cases the short one never does.
const SEED = 2026;

type Row = { area: string; cases: number; fiveXx: number; badFourXx: number; thrown: number; slowest: string };
const rows: Row[] = [];
const problems: string[] = [];

async function fuzzRoutes(backend: string, databaseUrl: string) {
  process.env.TEST_DATABASE_URL = databaseUrl;
  const owner = await createHostileOwner();
  try {
    const targets = fuzzTargets(owner.t.routes);
    const row: Row = {
      area: `${targets.length} routes, ${backend}`,
      cases: 0,
      fiveXx: 0,
      badFourXx: 0,
      thrown: 0,
      slowest: '',
    };
    let slowest = { ms: 0, label: '' };
    for (const request of fuzzRequests(targets, owner, owner.session, routeCases, SEED)) {
      const outcome = await sendHostile(owner.t.app, request).catch((error: unknown) => {
        row.thrown += 1;
        problems.push(`${backend}: ${describeRequest(request)} threw ${String(error)}`);
        return null;
      });
      row.cases += 1;
      if (!outcome) continue;
      if (outcome.status >= 500) row.fiveXx += 1;
      else if (outcome.problem) row.badFourXx += 1;
      if (outcome.problem) problems.push(`${backend}: ${describeRequest(request)} → ${outcome.problem}`);
      if (outcome.ms > slowest.ms)
        slowest = { ms: outcome.ms, label: `${request.method} ${request.url.split('?')[0]}` };
    }
    const stillAnswering = (await owner.call('GET', '/api/auth/user')).statusCode === 200;
    if (!stillAnswering) problems.push(`${backend}: the fuzzed user's session no longer answers`);
    row.slowest = `${Math.round(slowest.ms)} ms (${slowest.label.slice(0, 60)})`;
    rows.push(row);
  } finally {
    await owner.close();
  }
}

async function fuzzDocuments() {
  for (const area of timedAreas) {
    const row: Row = { area: area.name, cases: 0, fiveXx: 0, badFourXx: 0, thrown: 0, slowest: '' };
    let slowest = 0;
    let over = 0;
    for await (const outcome of timedCases(area, documentCases, SEED)) {
      row.cases += 1;
      slowest = Math.max(slowest, outcome.ms);
      if (outcome.error) {
        row.thrown += 1;
        problems.push(`${area.name}: threw ${String(outcome.error)} on ${describeCase(outcome.input)}`);
      }
      if (outcome.ms > CASE_LIMIT_MS) {
        over += 1;
        problems.push(`${area.name}: took ${Math.round(outcome.ms)} ms on ${describeCase(outcome.input)}`);
      }
    }
    row.slowest = `${Math.round(slowest)} ms${over > 0 ? `, ${over} over ${CASE_LIMIT_MS} ms` : ''}`;
    rows.push(row);
  }
}

async function main() {
  const postgres = process.env.TEST_DATABASE_URL;
  const started = performance.now();
  await fuzzRoutes('embedded PostgreSQL', '');
  if (postgres) await fuzzRoutes('PostgreSQL', postgres);
  await fuzzDocuments();
  console.log(
    '\n| area | cases | 5xx | 4xx without a JSON message | crashed | slowest case |\n|---|---|---|---|---|---|',
  );
  for (const row of rows) {
    console.log(
      `| ${row.area} | ${row.cases.toLocaleString('en')} | ${row.fiveXx} | ${row.badFourXx} | ${row.thrown} | ${row.slowest} |`,
    );
  }
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all.`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problems, the first ones:\n${problems.slice(0, 20).join('\n')}`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
