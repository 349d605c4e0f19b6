import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../../test/app';

// Nothing is asked of the provider here, so its address need not answer.
const withProvider = await createTestApp({ aiBaseUrl: 'http://127.0.0.1:9/v1', aiApiKey: 'sk-test', aiModel: 'm' });
const offline = await createTestApp();
afterAll(async () => {
  await withProvider.close();
  await offline.close();
});

const status = (app: typeof offline.app, token?: string) =>
  app.inject({ method: 'GET', url: '/api/ai/status', headers: token ? { cookie: `lr_session=${token}` } : {} });

describe('GET /api/ai/status', () => {
  let providerMember: string;
  let offlineMember: string;
  beforeAll(async () => {
    // Each app's first user is its administrator; the second is an ordinary user, who may ask too.
    await registerUser(withProvider.app, 'admin@provider.test');
    await registerUser(offline.app, 'admin@offline.test');
    providerMember = await registerUser(withProvider.app, 'member@provider.test');
    offlineMember = await registerUser(offline.app, 'member@offline.test');
  });

  it('tells any signed-in user which writer drafts, and nothing about the provider', async () => {
    const online = await status(withProvider.app, providerMember);
    expect(online.statusCode).toBe(200);
    expect(online.json()).toEqual({ source: 'ai' });

    const builtIn = await status(offline.app, offlineMember);
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.json()).toEqual({ source: 'offline' });
  });

  it('answers 401 when signed out', async () => {
    expect((await status(offline.app)).statusCode).toBe(401);
  });
});
