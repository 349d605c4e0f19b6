import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

const putProfile = (payload: object, token?: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: token ? { cookie: `lr_session=${token}` } : {},
    payload,
  });

describe('PUT /api/user/profile', () => {
  it('updates the profile fields and returns the user', async () => {
    const token = await registerUser(app, 'profile@example.com');
    const response = await putProfile(
      {
        firstName: ' Maria ',
        lastName: 'Lopez',
        companyName: 'Lopez Insurance',
        industry: 'Insurance',
        service: 'Home insurance',
        preferredLocalClients: 'Homeowners in Tucson',
      },
      token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'profile@example.com',
      firstName: 'Maria',
      lastName: 'Lopez',
      companyName: 'Lopez Insurance',
      industry: 'Insurance',
      service: 'Home insurance',
      preferredLocalClients: 'Homeowners in Tucson',
    });
    const current = await getCurrentUser(app, token);
    expect(current.json().companyName).toBe('Lopez Insurance');
  });

  it('keeps fields that are left out and clears fields sent blank', async () => {
    const token = await registerUser(app, 'partial@example.com');
    const response = await putProfile({ lastName: '', industry: 'Finance' }, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Dana', lastName: null, industry: 'Finance' });
  });

  it('keeps the postal address campaign mails print, until it is cleared', async () => {
    const token = await registerUser(app, 'postal@example.com');
    expect((await getCurrentUser(app, token)).json().postalAddress).toBeNull();
    const saved = await putProfile({ postalAddress: ' 12 Elm Street\nAustin, TX 78701 ' }, token);
    expect(saved.json().postalAddress).toBe('12 Elm Street\nAustin, TX 78701');
    expect((await getCurrentUser(app, token)).json().postalAddress).toBe('12 Elm Street\nAustin, TX 78701');
    expect((await putProfile({ postalAddress: '' }, token)).json().postalAddress).toBeNull();
    const tooLong = await putProfile({ postalAddress: 'x'.repeat(501) }, token);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('postalAddress: Postal address must be at most 500 characters');
  });

  it('changes only the signed-in user', async () => {
    const mine = await registerUser(app, 'mine@example.com');
    const theirs = await registerUser(app, 'theirs@example.com');
    await putProfile({ companyName: 'Mine Inc' }, mine);
    const other = await getCurrentUser(app, theirs);
    expect(other.json().companyName).toBe('Reyes Realty');
  });

  it('answers 401 when signed out and 400 for a field that is not text', async () => {
    expect((await putProfile({ firstName: 'X' })).statusCode).toBe(401);
    const token = await registerUser(app, 'typed@example.com');
    const response = await putProfile({ firstName: 42 }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^firstName: /);
  });
});
