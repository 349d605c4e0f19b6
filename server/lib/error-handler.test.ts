import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../test/app';

// An outside service's failure reads in plain words; what only the operator can act on (a setting) is added for
// administrators alone: here, a market data service that cannot be reached.
const t = await createTestApp({
  marketData: { provider: 'alphavantage', apiKey: 'test-key', url: 'http://127.0.0.1:9' },
});
afterAll(() => t.close());

const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/stock-tip/refresh', headers: { cookie: `lr_session=${token}` } });

describe('an outside service’s failure', () => {
  it('names no setting to a user, and gives the administrator the details', async () => {
    const admin = await registerUser(t.app, 'owner@errors.test');
    const user = await registerUser(t.app, 'agent@errors.test');
    const plain = 'Could not reach the market data service. Try again in a few minutes.';

    const forUser = await refresh(user);
    expect(forUser.statusCode).toBe(502);
    expect(forUser.json()).toEqual({ message: plain });

    const forAdmin = await refresh(admin);
    expect(forAdmin.statusCode).toBe(502);
    expect(forAdmin.json().message).toBe(
      `${plain} Details for the administrator: Alpha Vantage could not be reached: check MARKET_DATA_URL and this server’s internet connection.`,
    );
  });
});
