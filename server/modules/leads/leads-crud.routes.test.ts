import { beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../db/schema';
import { registerUser } from '../../test/app';
import { seedSentEmails } from '../../test/seed-sent-emails';
import { createLeadsTestApp } from './leads-test-helpers';

const { t, app, call, upload } = await createLeadsTestApp();

let owner: string;
let stranger: string;
beforeAll(async () => {
  owner = await registerUser(app, 'owner@leads.test');
  stranger = await registerUser(app, 'stranger@leads.test');
});

describe('POST /api/leads and GET /api/leads/{id}', () => {
  it('creates a lead and shows its details with an empty, real history', async () => {
    const created = await call('POST', '/api/leads', owner, {
      email: 'ana@bakery.test',
      firstName: 'Ana',
      lastName: '',
      company: 'Ana Bakes',
    });
    expect(created.statusCode).toBe(201);
    const lead = created.json();
    expect(lead).toMatchObject({
      email: 'ana@bakery.test',
      firstName: 'Ana',
      lastName: null,
      company: 'Ana Bakes',
      status: 'active',
      customFields: {},
    });
    expect(typeof lead.id).toBe('number');

    const detail = await call('GET', `/api/leads/${lead.id}`, owner);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      lead,
      contactCount: 0,
      hasResponded: false,
      lastContactedAt: null,
      emailHistory: [],
    });
  });

  it('computes contact count, response and history from the emails sent', async () => {
    const lead = (await call('POST', '/api/leads', owner, { email: 'history@lead.test' })).json();
    const [ownerRow] = await t.database.db.select({ userId: leads.userId }).from(leads).limit(1);
    await seedSentEmails(t.database.db, ownerRow.userId, [
      {
        leadId: lead.id,
        subject: 'Week 1 hello',
        weekNumber: 1,
        sentAt: new Date('2026-03-02T10:00:00Z'),
      },
      {
        leadId: lead.id,
        subject: 'Week 2 follow-up',
        weekNumber: 2,
        sentAt: new Date('2026-03-09T10:00:00Z'),
        repliedAt: new Date('2026-03-09T12:00:00Z'),
      },
    ]);
    const detail = (await call('GET', `/api/leads/${lead.id}`, owner)).json();
    expect(detail).toMatchObject({
      contactCount: 2,
      hasResponded: true,
      // Their reply to the second mail is the latest contact.
      lastContactedAt: '2026-03-09T12:00:00.000Z',
      emailHistory: [
        { subject: 'Week 2 follow-up', sentAt: '2026-03-09T10:00:00.000Z' },
        { subject: 'Week 1 hello', sentAt: '2026-03-02T10:00:00.000Z' },
      ],
    });
    const history = await call('GET', `/api/lead-contact-history/${lead.id}`, owner);
    expect(history.json()).toEqual({ leadId: lead.id, emailHistory: detail.emailHistory });

    const withWeeks = (await call('GET', '/api/leads-with-sent-weeks', owner)).json();
    expect(withWeeks.find((row: { id: number }) => row.id === lead.id)).toEqual({
      id: lead.id,
      firstName: null,
      lastName: null,
      email: 'history@lead.test',
      company: null,
      status: 'active',
      sentWeeks: [1, 2],
    });
  });

  it('refuses a duplicate email whatever its case, and an invalid email', async () => {
    const duplicate = await call('POST', '/api/leads', owner, { email: 'ANA@Bakery.test' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'A lead with this email already exists' });
    const invalid = await call('POST', '/api/leads', owner, { email: 'ana at bakery' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'Invalid email address.' });
    const missing = await call('POST', '/api/leads', owner, { firstName: 'No email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Email is required.' });
  });

  it('answers "Lead not found" for unknown and malformed ids', async () => {
    for (const id of ['999999999', 'abc', '1e3', '-1']) {
      const response = await call('GET', `/api/leads/${id}`, owner);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Lead not found' });
    }
  });

  it('answers 401 to every lead call when signed out', async () => {
    for (const url of [
      '/api/leads',
      '/api/leads/count',
      '/api/leads/1',
      '/api/leads-with-sent-weeks',
      '/api/leads/export',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('isolation between users', () => {
  it('never shows, counts, exports or deletes another user’s lead', async () => {
    const theirs = (await call('POST', '/api/leads', stranger, { email: 'secret@stranger.test' })).json();
    for (const url of [`/api/leads/${theirs.id}`, `/api/lead-contact-history/${theirs.id}`]) {
      const response = await call('GET', url, owner);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret@stranger.test');
    }
    expect((await call('DELETE', `/api/leads/${theirs.id}`, owner)).statusCode).toBe(404);
    const ownList = (await call('GET', '/api/leads?limit=500', owner)).body;
    expect(ownList).not.toContain('secret@stranger.test');
    expect((await call('GET', '/api/leads/export', owner)).body).not.toContain('secret@stranger.test');
    expect((await call('GET', '/api/leads-with-sent-weeks', owner)).body).not.toContain('secret@stranger.test');
    expect((await call('GET', `/api/leads/${theirs.id}`, stranger)).statusCode).toBe(200);
    // The same email is free for another user.
    expect((await call('POST', '/api/leads', owner, { email: 'secret@stranger.test' })).statusCode).toBe(201);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('drops NUL from CSV values and refuses it in a typed lead with 400', async () => {
    const user = await registerUser(app, 'nul@leads.test');
    const imported = (
      await upload(user, [{ email: 'nul@values.test', 'first name': 'A\u0000na', notes: 'x\u0000' }])
    ).json();
    expect(imported.added).toBe(1);
    const [lead] = (await call('GET', '/api/leads', user)).json();
    expect(lead).toMatchObject({ firstName: 'Ana', customFields: { notes: 'x' } });
    const typed = await call('POST', '/api/leads', user, { email: 'typed@values.test', firstName: 'a\u0000b' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ message: 'Text may not contain NUL characters or broken Unicode.' });
  });
});
