import { afterAll } from 'vitest';
import { createTestApp } from '../../test/app';

/** What the leads route tests (leads-*.routes.test.ts) share: one app per file, closed after its tests. */
export async function createLeadsTestApp() {
  const t = await createTestApp();
  const { app } = t;
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) {
    return app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
  }
  const upload = (token: string, csvData: unknown[], firstRowNumber = 2) =>
    call('POST', '/api/leads/upload-csv', token, { csvData, firstRowNumber });

  return { t, app, call, upload };
}
