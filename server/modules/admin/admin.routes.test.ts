import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUserRow, LAST_ADMIN_MESSAGE } from '../../../contract/admin';
import type { DatabaseHandle } from '../../db/client';
import { campaignRecipients, campaigns, emailAccounts, leads, trackingEvents, users } from '../../db/schema';
import {
  createTestApp,
  getCurrentUser,
  postJson,
  registerUser,
  sessionCookie,
  validRegistration,
} from '../../test/app';
import { seedSmtpAccount } from '../../test/seed-smtp-account';

const testApp = await createTestApp();
const { app, container } = testApp;
const db = container.db;
afterAll(() => testApp.close());

const getUsers = (token?: string) =>
  app.inject({ method: 'GET', url: '/api/admin/users', headers: token ? { cookie: `lr_session=${token}` } : {} });
const resetPassword = (token: string | undefined, userId: unknown, newPassword: unknown) =>
  postJson(app, '/api/admin/reset-password', { userId, newPassword }, token);
const setRole = (token: string | undefined, userId: string, isAdmin: unknown) =>
  postJson(app, `/api/admin/users/${userId}/role`, { isAdmin }, token);
const login = (email: string, password: string) => postJson(app, '/api/auth/login', { email, password });
const userIdOf = async (token: string) => (await getCurrentUser(app, token)).json().id as string;
const rowOf = (rows: AdminUserRow[], email: string) => rows.find((row) => row.user.email === email) as AdminUserRow;

let adminToken: string;
let adminId: string;
let anaToken: string;
let anaId: string;
let benId: string;

beforeAll(async () => {
  // The first account registered is the admin.
  adminToken = await registerUser(app, 'admin@admin.test');
  anaToken = await registerUser(app, 'ana@admin.test');
  await registerUser(app, 'ben@admin.test');
  [adminId, anaId] = await Promise.all([userIdOf(adminToken), userIdOf(anaToken)]);
  const [ben] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'ben@admin.test'));
  benId = ben.id;
});

/** Ana's activity: leads, two campaigns, mails in every state, people's and machines' tracking hits. */
async function seedAnaActivity() {
  const leadRows = await db
    .insert(leads)
    .values([
      { userId: anaId, email: 'l1@lead.test' },
      { userId: anaId, email: 'l2@lead.test' },
      { userId: anaId, email: 'l3@lead.test', status: 'unsubscribed' },
    ])
    .returning({ id: leads.id });
  const [lead1, lead2, lead3] = leadRows.map((row) => row.id);
  const [older, newer] = await db
    .insert(campaigns)
    .values([
      { userId: anaId, status: 'completed', createdAt: new Date('2025-03-01T10:00:00Z') },
      { userId: anaId, status: 'completed', createdAt: new Date('2025-04-02T09:30:00Z') },
    ])
    .returning({ id: campaigns.id });
  const mail = (campaignId: number, leadId: number, step: number, state: 'sent' | 'failed', repliedAt?: Date) => ({
    campaignId,
    userId: anaId,
    leadId,
    step,
    state,
    subject: 'Hello',
    sentAt: state === 'sent' ? new Date('2025-04-02T10:00:00Z') : null,
    repliedAt: repliedAt ?? null,
  });
  const [openedByPixel, clickedOnly, machineOnly, replied, failed] = await db
    .insert(campaignRecipients)
    .values([
      mail(older.id, lead1, 1, 'sent'),
      mail(older.id, lead2, 1, 'sent'),
      mail(older.id, lead3, 1, 'sent'),
      mail(newer.id, lead1, 1, 'sent', new Date('2025-04-03T08:00:00Z')),
      mail(newer.id, lead2, 1, 'failed'),
    ])
    .returning({ id: campaignRecipients.id });
  // A reply the user sent is no campaign mail: its hits count nowhere.
  const [userReply] = await db
    .insert(campaignRecipients)
    .values({ kind: 'reply', userId: anaId, leadId: lead1, state: 'sent', subject: 'Re: Hello', sentAt: new Date() })
    .returning({ id: campaignRecipients.id });
  const hit = (recipientId: number, kind: 'open' | 'click', machine = false) => ({
    userId: anaId,
    recipientId,
    kind,
    machine,
    ...(machine && { machineReason: 'link scanner' }),
  });
  await db
    .insert(trackingEvents)
    .values([
      hit(openedByPixel.id, 'open'),
      hit(openedByPixel.id, 'open'),
      hit(clickedOnly.id, 'click'),
      hit(machineOnly.id, 'open', true),
      hit(machineOnly.id, 'click', true),
      hit(failed.id, 'open'),
      hit(userReply.id, 'open'),
      hit(userReply.id, 'click'),
    ]);
  return { replied };
}

/** Counts the statements sent to the database through the app's pool while `run` runs. */
async function countQueries(handle: DatabaseHandle, run: () => Promise<unknown>): Promise<number> {
  const target: { query: (...args: never[]) => unknown } = handle.pool;
  const original = target.query;
  let count = 0;
  target.query = (...args: never[]) => {
    count++;
    return original.apply(target, args);
  };
  try {
    await run();
  } finally {
    target.query = original;
  }
  return count;
}

describe('admin routes, for anyone but an admin', () => {
  it('answer 401 signed out, whatever the body', async () => {
    expect((await getUsers()).statusCode).toBe(401);
    expect((await resetPassword(undefined, anaId, 'x')).statusCode).toBe(401);
    expect((await setRole(undefined, anaId, 'not a boolean')).statusCode).toBe(401);
  });

  it('answer 403 with the Access Denied text to a signed-in user', async () => {
    const denied = { message: 'You do not have permission to access this page.' };
    const list = await getUsers(anaToken);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual(denied);
    const reset = await resetPassword(anaToken, adminId, 'taken-over');
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual(denied);
    expect((await setRole(anaToken, anaId, true)).statusCode).toBe(403);
    // Nothing changed: the admin's password still works and Ana is still no admin.
    expect((await login('admin@admin.test', validRegistration('').password)).statusCode).toBe(200);
    expect((await getUsers(anaToken)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it("lists every user with their figures, counting people's opens and clicks as the dashboard does", async () => {
    await seedAnaActivity();
    await seedSmtpAccount(
      db,
      anaId,
      { host: '127.0.0.1', port: 9, user: 'ana@mailbox.test', password: 'x' },
      { email: 'ana@mailbox.test' },
    );
    await db
      .update(emailAccounts)
      .set({ status: 'error', statusReason: '535 Authentication failed' })
      .where(eq(emailAccounts.userId, anaId));

    const response = await getUsers(adminToken);
    expect(response.statusCode).toBe(200);
    const rows: AdminUserRow[] = response.json();
    expect(rows.map((row) => row.user.email)).toEqual(['admin@admin.test', 'ana@admin.test', 'ben@admin.test']);

    const ana = rowOf(rows, 'ana@admin.test');
    expect(ana.user).toEqual({
      id: anaId,
      email: 'ana@admin.test',
      firstName: 'Dana',
      lastName: 'Reyes',
      isAdmin: false,
    });
    // Sent: five campaign mails with an outcome (the failed one too, not the reply); delivered: four, the base of
    // the rates (contract/mail-figures.ts). Opened: the pixel open and the click; the machine's hits and the
    // failed mail's open do not count.
    expect(ana.stats).toEqual({
      totalLeads: 3,
      activeLeads: 2,
      totalCampaigns: 2,
      totalEmailsSent: 5,
      emailsDelivered: 4,
      emailsOpened: 2,
      emailsClicked: 1,
      emailsResponded: 1,
      openRate: 50,
      clickRate: 25,
      responseRate: 25,
      lastCampaignDate: '2025-04-02T09:30:00.000Z',
    });
    expect(ana.subscriptionStatus).toBe('trial');
    expect(ana.accounts).toEqual([
      { email: 'ana@mailbox.test', status: 'error', statusReason: '535 Authentication failed', sentToday: 0 },
    ]);

    // The same figures and rates as Ana's own dashboard shows her.
    const dashboard = (
      await app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { cookie: `lr_session=${anaToken}` } })
    ).json();
    expect(dashboard).toMatchObject({
      totalEmailsSent: ana.stats.totalEmailsSent,
      emailsDelivered: ana.stats.emailsDelivered,
      emailsOpened: ana.stats.emailsOpened,
      emailsClicked: ana.stats.emailsClicked,
      emailsResponded: ana.stats.emailsResponded,
      openRate: ana.stats.openRate,
      clickRate: ana.stats.clickRate,
      responseRate: ana.stats.responseRate,
    });

    const ben = rowOf(rows, 'ben@admin.test');
    expect(ben.stats).toEqual({
      totalLeads: 0,
      activeLeads: 0,
      totalCampaigns: 0,
      totalEmailsSent: 0,
      emailsDelivered: 0,
      emailsOpened: 0,
      emailsClicked: 0,
      emailsResponded: 0,
      openRate: 0,
      clickRate: 0,
      responseRate: 0,
      lastCampaignDate: null,
    });
    expect(ben.accounts).toEqual([]);
    expect(rowOf(rows, 'admin@admin.test').user.isAdmin).toBe(true);
  });

  it('reads the same number of statements however many users there are', async () => {
    const before = await countQueries(testApp.database, () => getUsers(adminToken));
    // The session's lookup, the figures and the mailboxes.
    expect(before).toBe(3);
    for (const name of ['cy', 'dee', 'eli', 'fay']) {
      const token = await registerUser(app, `${name}@admin.test`);
      const id = await userIdOf(token);
      await db.insert(leads).values({ userId: id, email: `${name}@lead.test` });
      await db.insert(campaigns).values({ userId: id, status: 'completed' });
    }
    let rows: AdminUserRow[] = [];
    const after = await countQueries(testApp.database, async () => {
      rows = (await getUsers(adminToken)).json();
    });
    expect(rows).toHaveLength(7);
    expect(rowOf(rows, 'eli@admin.test').stats).toMatchObject({ totalLeads: 1, totalCampaigns: 1 });
    expect(after).toBe(before);
  });
});

describe('POST /api/admin/reset-password', () => {
  it('sets the new password and signs the user out of every session; the old password stops working', async () => {
    const secondSession = sessionCookie(await login('ben@admin.test', 'correct-horse')) as string;
    expect((await getCurrentUser(app, secondSession)).statusCode).toBe(200);

    const response = await resetPassword(adminToken, benId, 'brand-new-secret');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset successfully' });

    expect((await getCurrentUser(app, secondSession)).statusCode).toBe(401);
    expect((await login('ben@admin.test', 'correct-horse')).statusCode).toBe(401);
    expect((await login('ben@admin.test', 'brand-new-secret')).statusCode).toBe(200);
    const [ben] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, benId));
    expect(ben.hash).toMatch(/^\$argon2id\$/);
    // The admin who reset it stays signed in.
    expect((await getCurrentUser(app, adminToken)).statusCode).toBe(200);
  });

  it('keeps the session an admin uses when resetting their own password, and ends the others', async () => {
    const otherSession = sessionCookie(await login('admin@admin.test', 'correct-horse')) as string;
    expect((await resetPassword(adminToken, adminId, 'admin-new-secret')).statusCode).toBe(200);
    expect((await getCurrentUser(app, adminToken)).statusCode).toBe(200);
    expect((await getCurrentUser(app, otherSession)).statusCode).toBe(401);
    expect((await login('admin@admin.test', 'admin-new-secret')).statusCode).toBe(200);
  });

  it('refuses a missing or short password with docs/product.md §5 texts, and changes nothing', async () => {
    const short = await resetPassword(adminToken, benId, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 6 characters long');
    const empty = await resetPassword(adminToken, benId, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please enter a new password');
    expect((await login('ben@admin.test', 'brand-new-secret')).statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist', async () => {
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-user']) {
      const response = await resetPassword(adminToken, userId, 'whatever-long');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found' });
    }
  });
});

describe('POST /api/admin/users/{id}/role', () => {
  it('never takes the role from the last admin', async () => {
    const response = await setRole(adminToken, adminId, false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
    expect((await getUsers(adminToken)).statusCode).toBe(200);
  });

  it('grants and takes the role, which the admin routes follow at once', async () => {
    const granted = await setRole(adminToken, anaId, true);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: anaId, isAdmin: true });
    expect((await getUsers(anaToken)).statusCode).toBe(200);

    // With another admin there, an admin may step down; the other one is then the last.
    expect((await setRole(adminToken, adminId, false)).statusCode).toBe(200);
    expect((await getUsers(adminToken)).statusCode).toBe(403);
    expect((await setRole(anaToken, anaId, false)).json()).toEqual({ message: LAST_ADMIN_MESSAGE });

    expect((await setRole(anaToken, adminId, true)).statusCode).toBe(200);
    expect((await setRole(adminToken, anaId, false)).statusCode).toBe(200);
    expect((await getUsers(anaToken)).statusCode).toBe(403);
  });

  it('answers 404 for a user that does not exist and 400 for a role that is not a boolean', async () => {
    expect((await setRole(adminToken, '00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await setRole(adminToken, 'nobody', true)).statusCode).toBe(404);
    expect((await setRole(adminToken, anaId, 'yes')).statusCode).toBe(400);
  });
});
