import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostileOwner, type HostileOwner } from './test/hostile-owner';
import { describeRequest, fuzzRequests, fuzzTargets, sendHostile } from './test/route-fuzz';

/** Seeded, so a failure replays; `BENCH=reliability RELIABILITY=fuzz` runs 10,000 cases with other seeds. */
const SEED = 16;
const CASES = 500;

let owner: HostileOwner;
beforeAll(async () => {
  owner = await createHostileOwner();
});
afterAll(async () => {
  await owner?.close();
});

describe('every route of the app, fuzzed with hostile requests', () => {
  it('reads the route table from the app, so a new route is fuzzed without being listed', () => {
    const urls = fuzzTargets(owner.t.routes).map((target) => `${target.method} ${target.url}`);
    expect(urls).toContain('PATCH /api/leads/:id');
    expect(urls).toContain('POST /api/templates');
    expect(urls).not.toContain('POST /api/auth/logout');
  });

  it('answers a URL that does not decode, or a path parameter over its limit, with a JSON { message } alone', async () => {
    for (const [url, status] of [
      ['/api/leads/x%ED%A0%80y', 400],
      [`/api/leads/${'9'.repeat(200)}`, 414],
    ] as const) {
      const response = await owner.call('GET', url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message: 'This address is not valid.' });
    }
  });

  it(`answers ${CASES} hostile requests without a 5xx, each 4xx a JSON { message }, and keeps answering`, async () => {
    const targets = fuzzTargets(owner.t.routes);
    const broken: string[] = [];
    for (const request of fuzzRequests(targets, owner, owner.session, CASES, SEED)) {
      const outcome = await sendHostile(owner.t.app, request);
      if (outcome.problem) broken.push(`${describeRequest(request)}\n  → ${outcome.problem}`);
    }
    expect(broken.slice(0, 10).join('\n\n')).toBe('');
    expect((await owner.call('GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await owner.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);
});
