import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from '../../test/app';
import { freePort } from '../../test/net';
import { createProcessDatabase, type ProcessDatabase } from '../../test/process-database';
import { startServer, stopAllServers, stopProcess, waitFor } from '../../test/server-process';

afterEach(stopAllServers);

const RUNNING = 'LocalReach is running on';
const NO_ADMIN = 'No administrator yet';

describe('the start of a server without an administrator (the real entry point)', () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await createProcessDatabase();
  });
  afterAll(() => database?.dispose());

  /** Starts the server, waits until it says it is running, and answers what it logged until then, and its port. */
  async function start(env: Record<string, string> = {}) {
    const port = await freePort();
    const server = startServer({ ...database.env('admin-notice'), PORT: String(port), ...env });
    // The notice is logged before the line saying the server runs.
    await waitFor(() => server.output().includes(RUNNING), 'the server to run', 60_000);
    return { server, port, log: server.output() };
  }

  const register = (port: number, email: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validRegistration(email)),
    });

  it('says who becomes the administrator until one exists, and is silent after', async () => {
    const named = await start({ ADMIN_EMAIL: 'Owner@Example.com', PUBLIC_URL: 'https://reach.example.com' });
    expect(named.log).toContain(
      'No administrator yet: the account registered as owner@example.com at https://reach.example.com/signup becomes the administrator.',
    );
    // Someone else signing up first does not take the install: the notice stays.
    const stranger = await register(named.port, 'stranger@example.com');
    expect(stranger.status).toBe(201);
    expect((await stranger.json()).isAdmin).toBe(false);
    await stopProcess(named.server.child);

    const unnamed = await start({ PUBLIC_URL: 'https://reach.example.com' });
    expect(unnamed.log).toContain(
      'No administrator yet: the first account registered at https://reach.example.com/signup becomes the administrator. Set ADMIN_EMAIL to choose who.',
    );
    const first = await register(unnamed.port, 'first@example.com');
    expect((await first.json()).isAdmin).toBe(true);
    await stopProcess(unnamed.server.child);

    const claimed = await start();
    expect(claimed.log).not.toContain(NO_ADMIN);
  }, 180_000);
});
