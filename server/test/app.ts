import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { type ContainerConfig, createContainer } from '../container';
import type { Clock } from '../lib/clock';
import type { Sleep } from '../modules/campaigns/engine/run';
import { createTestDatabase } from './database';

export const testConfig: ContainerConfig = {
  publicUrl: 'http://localhost:5000',
  secureCookies: false,
  sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
  encryptionKey: Buffer.alloc(32, 9),
  authRateLimitPerMinute: 20,
  trustProxy: false,
  // The tests' mail peers listen on 127.0.0.1; the guard against private mail hosts has tests of its own.
  mailAllowPrivateHosts: true,
  webhookAllowPrivateHosts: true,
  aiModel: 'test-model',
  oauth: {
    microsoft: {
      tenant: 'common',
      loginUrl: 'http://127.0.0.1:9/ms-login',
      graphUrl: 'http://127.0.0.1:9/graph',
    },
    google: {
      authUrl: 'http://127.0.0.1:9/google-auth',
      tokenUrl: 'http://127.0.0.1:9/google-token',
      gmailUrl: 'http://127.0.0.1:9/gmail',
    },
  },
  aiTimeoutMs: 30_000,
  leadSources: {
    nominatimUrl: 'http://127.0.0.1:9/nominatim',
    overpassUrl: 'http://127.0.0.1:9/overpass',
    googlePlacesUrl: 'http://127.0.0.1:9/places',
  },
};

/**
 * A real app, built by the real composition root, on a real, empty database (its job queue enqueues but runs
 * nothing); `close` tears it all down.
 */
export async function createTestApp(
  overrides: Partial<ContainerConfig> = {},
  options: { clock?: Clock; webDist?: string; sleep?: Sleep; log?: FastifyBaseLogger } = {},
) {
  const database = await createTestDatabase();
  // Senders do not wait for their pace unless a test steps its clock through `sleep`.
  const container = await createContainer({ ...testConfig, ...overrides }, database, {
    clock: options.clock,
    sleep: options.sleep ?? (async () => {}),
    log: options.log,
  });
  const routes: RouteOptions[] = [];
  const app = await buildApp(container, { webDist: options.webDist ?? null, onRoute: (route) => routes.push(route) });
  return {
    app,
    /** Every route the app registered, as Fastify was given it (method, url, schema). */
    routes,
    database,
    container,
    async close() {
      await app.close();
      await container.close();
      await database.dispose();
    },
  };
}

export const validRegistration = (email: string) => ({
  email,
  password: 'correct-horse',
  firstName: 'Dana',
  lastName: 'Reyes',
  companyName: 'Reyes Realty',
  industry: 'Real Estate',
  service: 'Home sales',
  preferredLocalClients: 'First-time buyers in Austin',
});

/** The value of the session cookie a response set, or undefined. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'lr_session')?.value;
}

export function postJson(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie: `lr_session=${cookie}` } : {},
  });
}

export function getCurrentUser(app: FastifyInstance, token?: string) {
  return app.inject({ method: 'GET', url: '/api/auth/user', headers: token ? { cookie: `lr_session=${token}` } : {} });
}

/** Registers a user and returns its session token. */
export async function registerUser(app: FastifyInstance, email: string): Promise<string> {
  const response = await postJson(app, '/api/auth/register', validRegistration(email));
  const token = sessionCookie(response);
  if (response.statusCode !== 201 || !token) throw new Error(`register failed: ${response.body}`);
  return token;
}
