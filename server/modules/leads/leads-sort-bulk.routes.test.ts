import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BULK_LEADS_MAX } from '../../../contract/leads';
import { leads } from '../../db/schema';
import { registerUser } from '../../test/app';
import { seedSentEmails } from '../../test/seed-sent-emails';
import { createLeadsTestApp } from './leads-test-helpers';

const { t, app, call, upload } = await createLeadsTestApp();

type Row = { id: number; email: string; lastContactedAt: string | null };
const emailsOf = (rows: Row[]) => rows.map((row) => row.email.split('@')[0]);

async function userIdOf(leadId: number) {
  const [{ userId }] = await t.database.db.select({ userId: leads.userId }).from(leads).where(eq(leads.id, leadId));
  return userId;
}

describe('GET /api/leads?sort=', () => {
  it('sorts by name, company, added, status and last contact on the server, ties by id, and pages each order', async () => {
    const owner = await registerUser(app, 'sorter@leads.test');
    // Uploaded in this order: created in one statement, so "added" ties and the id decides.
    await upload(owner, [
      { email: 'b@s.test', firstName: 'bea', lastName: 'Zed', company: 'Mango' },
      { email: 'a@s.test', firstName: 'Al', company: 'apple' },
      { email: 'c@s.test', company: 'Zebra' },
      { email: 'd@s.test', firstName: 'Cy' },
    ]);
    const list = async (query: string) => {
      const response = await call('GET', `/api/leads${query}`, owner);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Row[];
    };
    const byEmail = new Map((await list('')).map((row) => [row.email.split('@')[0], row.id]));
    expect(emailsOf(await list(''))).toEqual(['d', 'c', 'a', 'b']);
    expect(emailsOf(await list('?sort=added-desc'))).toEqual(['d', 'c', 'a', 'b']);
    expect(emailsOf(await list('?sort=added-asc'))).toEqual(['b', 'a', 'c', 'd']);
    // Case-insensitive; a lead without a name or company sorts last A to Z, the exact reverse Z to A.
    expect(emailsOf(await list('?sort=name-asc'))).toEqual(['a', 'b', 'd', 'c']);
    expect(emailsOf(await list('?sort=name-desc'))).toEqual(['c', 'd', 'b', 'a']);
    expect(emailsOf(await list('?sort=company-asc'))).toEqual(['a', 'b', 'c', 'd']);
    expect(emailsOf(await list('?sort=company-desc'))).toEqual(['d', 'c', 'b', 'a']);
    expect(emailsOf(await list('?sort=name-asc&limit=2&offset=2'))).toEqual(['d', 'c']);
    expect(emailsOf(await list('?sort=company-asc&search=s.test&limit=2'))).toEqual(['a', 'b']);

    await call('PATCH', `/api/leads/${byEmail.get('a')}`, owner, { status: 'unsubscribed' });
    await call('PATCH', `/api/leads/${byEmail.get('c')}`, owner, { status: 'bounced' });
    expect(emailsOf(await list('?sort=status-asc'))).toEqual(['d', 'b', 'c', 'a']);
    expect(emailsOf(await list('?sort=status-desc'))).toEqual(['a', 'c', 'd', 'b']);
    expect(emailsOf(await list('?sort=status-asc&status=active'))).toEqual(['d', 'b']);

    // Last contact: our last mail that went, or their reply; never contacted last (most recent first).
    const userId = await userIdOf(Number(byEmail.get('a')));
    await seedSentEmails(t.database.db, userId, [
      { leadId: Number(byEmail.get('b')), subject: 'old', sentAt: new Date('2026-01-02T10:00:00Z') },
      { leadId: Number(byEmail.get('d')), subject: 'newer', sentAt: new Date('2026-03-02T10:00:00Z') },
      {
        leadId: Number(byEmail.get('b')),
        subject: 'answered',
        sentAt: new Date('2026-01-05T10:00:00Z'),
        repliedAt: new Date('2026-04-01T09:00:00Z'),
      },
    ]);
    const contacted = await list('?sort=last-contact-desc');
    expect(emailsOf(contacted)).toEqual(['b', 'd', 'c', 'a']);
    expect(contacted.map((row) => row.lastContactedAt)).toEqual([
      '2026-04-01T09:00:00.000Z',
      '2026-03-02T10:00:00.000Z',
      null,
      null,
    ]);
    expect(emailsOf(await list('?sort=last-contact-asc'))).toEqual(['a', 'c', 'd', 'b']);

    const wrong = await call('GET', '/api/leads?sort=email', owner);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'The sort is not one of the allowed choices.' });
  });
});

describe('bulk actions', () => {
  it('deletes and sets the status of the user’s own leads only, in one call, answering how many changed', async () => {
    const owner = await registerUser(app, 'bulk-owner@leads.test');
    const other = await registerUser(app, 'bulk-other@leads.test');
    await upload(
      owner,
      ['a', 'b', 'c', 'd'].map((name) => ({ email: `${name}@bulk.test` })),
    );
    await upload(other, [{ email: 'x@other.test' }]);
    const ids = (await call('GET', '/api/leads?sort=added-asc', owner)).json().map((row: Row) => row.id);
    const [otherId] = (await call('GET', '/api/leads', other)).json().map((row: Row) => row.id);
    const counts = async (token: string) => (await call('GET', '/api/leads/count', token)).json();

    const bounced = await call('POST', '/api/leads/bulk-status', owner, {
      ids: [ids[0], ids[1], otherId],
      status: 'bounced',
    });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(bounced.json()).toEqual({ changed: 2 });
    expect(await counts(owner)).toEqual({ total: 4, active: 2, unsubscribed: 0, bounced: 2 });
    expect(await counts(other)).toEqual({ total: 1, active: 1, unsubscribed: 0, bounced: 0 });
    const [first] = (await call('GET', '/api/leads?sort=added-asc&limit=1', owner)).json();
    expect(first).toMatchObject({
      status: 'bounced',
      statusReason: 'Marked bounced by hand',
      statusChangedByHand: true,
    });
    // Already so: nothing changes.
    expect((await call('POST', '/api/leads/bulk-status', owner, { ids, status: 'bounced' })).json()).toEqual({
      changed: 2,
    });

    // A lead who unsubscribed themselves is not set back to active in bulk.
    await t.database.db
      .update(leads)
      .set({ status: 'unsubscribed', statusChangedBy: null })
      .where(eq(leads.id, ids[3]));
    expect((await call('POST', '/api/leads/bulk-status', owner, { ids, status: 'active' })).json()).toEqual({
      changed: 3,
    });
    expect(await counts(owner)).toEqual({ total: 4, active: 3, unsubscribed: 1, bounced: 0 });

    const deleted = await call('POST', '/api/leads/bulk-delete', owner, { ids: [ids[0], ids[2], otherId] });
    expect(deleted.json()).toEqual({ changed: 2 });
    expect(await counts(owner)).toMatchObject({ total: 2 });
    expect(await counts(other)).toMatchObject({ total: 1 });
  });

  it('refuses an empty list, more than the cap and anyone signed out', async () => {
    const owner = await registerUser(app, 'bulk-cap@leads.test');
    const empty = await call('POST', '/api/leads/bulk-delete', owner, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Select at least one lead.');
    const tooMany = Array.from({ length: BULK_LEADS_MAX + 1 }, (_, i) => i + 1);
    const over = await call('POST', '/api/leads/bulk-status', owner, { ids: tooMany, status: 'active' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('At most 5,000 leads at once.');
    const atCap = await call('POST', '/api/leads/bulk-delete', owner, { ids: tooMany.slice(1) });
    expect(atCap.json()).toEqual({ changed: 0 });
    for (const url of ['/api/leads/bulk-delete', '/api/leads/bulk-status']) {
      const response = await app.inject({ method: 'POST', url, payload: { ids: [1], status: 'active' } });
      expect(response.statusCode).toBe(401);
    }
  });
});
