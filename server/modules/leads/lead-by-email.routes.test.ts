import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../../test/app';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

/** A CRM's calls: an API key, no session. */
async function crmOf(email: string) {
  const session = await registerUser(app, email);
  const made = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    payload: { name: 'CRM', scopes: ['leads:write'] },
    headers: { cookie: `lr_session=${session}` },
  });
  const { key } = made.json();
  return (method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
}

describe('a lead by its email', () => {
  it('is created by PUT when there is none, then found by GET, case-insensitively', async () => {
    const crm = await crmOf('byemail-owner@example.com');
    expect((await crm('GET', '/api/leads/by-email/maria%40shop.test')).statusCode).toBe(404);
    const created = await crm('PUT', '/api/leads/by-email/maria%40shop.test', {
      firstName: 'Maria',
      customFields: { deal: 'open', owner: 'Sam' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: 'maria@shop.test', firstName: 'Maria', status: 'active' });
    const found = await crm('GET', '/api/leads/by-email/MARIA%40shop.test');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ email: 'maria@shop.test', customFields: { deal: 'open', owner: 'Sam' } });
  });

  it('merges custom fields (null removes one), sets the status, and keeps other fields', async () => {
    const crm = await crmOf('byemail-merge@example.com');
    await crm('PUT', '/api/leads/by-email/joe%40shop.test', { firstName: 'Joe', customFields: { a: '1', b: '2' } });
    const updated = await crm('PUT', '/api/leads/by-email/joe%40shop.test', {
      customFields: { b: null, c: '3' },
      status: 'bounced',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ firstName: 'Joe', status: 'bounced', customFields: { a: '1', c: '3' } });
    expect(updated.json().customFields).not.toHaveProperty('b');
  });

  it('does not set a lead who unsubscribed themselves back to active unless told they asked to', async () => {
    const crm = await crmOf('byemail-unsub@example.com');
    await crm('PUT', '/api/leads/by-email/gone%40shop.test', {});
    await t.database.db.execute(
      `UPDATE leads SET status = 'unsubscribed', status_changed_by = NULL WHERE email = 'gone@shop.test'`,
    );
    const refused = await crm('PUT', '/api/leads/by-email/gone%40shop.test', { status: 'active' });
    expect(refused.statusCode).toBe(409);
    const confirmed = await crm('PUT', '/api/leads/by-email/gone%40shop.test', {
      status: 'active',
      resubscribeConfirmed: true,
    });
    expect(confirmed.json().status).toBe('active');
  });

  it('refuses an invalid email and a field it does not know, naming it', async () => {
    const crm = await crmOf('byemail-invalid@example.com');
    expect((await crm('PUT', '/api/leads/by-email/not-an-email', {})).statusCode).toBe(400);
    const unknown = await crm('PUT', '/api/leads/by-email/x%40shop.test', { phone: '555' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('phone');
  });

  it('is only the key owner’s', async () => {
    const mine = await crmOf('byemail-a@example.com');
    const theirs = await crmOf('byemail-b@example.com');
    await mine('PUT', '/api/leads/by-email/shared%40shop.test', { firstName: 'Mine' });
    expect((await theirs('GET', '/api/leads/by-email/shared%40shop.test')).statusCode).toBe(404);
    expect((await theirs('PUT', '/api/leads/by-email/shared%40shop.test', { firstName: 'Theirs' })).statusCode).toBe(
      201,
    );
    expect((await mine('GET', '/api/leads/by-email/shared%40shop.test')).json().firstName).toBe('Mine');
  });
});
