import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../../test/app';

// Where users write for help: SUPPORT_EMAIL, shown on Help, Settings, the password reset page and with billing.
const withAddress = await createTestApp({ supportEmail: 'help@harbor.test' });
const without = await createTestApp();
afterAll(async () => {
  await withAddress.close();
  await without.close();
});

describe('GET /api/support', () => {
  it('answers SUPPORT_EMAIL to anyone, signed in or not, and null where none is set', async () => {
    expect((await withAddress.app.inject({ method: 'GET', url: '/api/support' })).json()).toEqual({
      email: 'help@harbor.test',
    });
    expect((await without.app.inject({ method: 'GET', url: '/api/support' })).json()).toEqual({ email: null });
  });

  it('is whom users ask about billing where billing is not set up and no billing contact is named', async () => {
    const admin = await registerUser(withAddress.app, 'owner@harbor.test');
    const user = await registerUser(withAddress.app, 'agent@harbor.test');
    for (const token of [admin, user]) {
      const details = await withAddress.app.inject({
        method: 'GET',
        url: '/api/subscription',
        headers: { cookie: `lr_session=${token}` },
      });
      expect(details.json()).toMatchObject({ billingContact: 'help@harbor.test' });
    }
  });
});
