import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../../contract/leads';
import { leads } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { startSmtpPeer } from '../../test/smtp-peer';

/** What the campaigns route tests (campaigns-*.routes.test.ts) share: one app and SMTP peer per file. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the clock stands before each test: 10:00 UTC on a Monday. */
export const MONDAY_MORNING = new Date('2026-11-23T10:00:00Z');

/** A file's test clock: its own `now` variable, which its tests move by assigning to it. */
export type TestTime = { read: () => Date; set: (at: Date) => void };

/**
 * A real app on a fresh database and an SMTP peer for the calling test file, closed after its tests. The clock
 * reads `time` (a variable of the file, when its tests move the clock) and is put back to MONDAY_MORNING before
 * each test; a sender's wait for its pace slot steps the clock instead of taking time, and `paceSlots` lists the
 * instants it stepped to (emptied before each test).
 */
export async function createCampaignsTestApp(time?: TestTime) {
  let ownNow = MONDAY_MORNING;
  const clockTime: TestTime = time ?? {
    read: () => ownNow,
    set: (at) => {
      ownNow = at;
    },
  };
  const clock = { now: () => clockTime.read() };
  /** The instants senders waited for (their pace slots): waiting steps the clock instead of taking time. */
  const paceSlots: Date[] = [];
  const steppingSleep = async (ms: number) => {
    clockTime.set(new Date(clockTime.read().getTime() + ms));
    paceSlots.push(clockTime.read());
  };
  const [t, smtp] = await Promise.all([
    createTestApp({ authRateLimitPerMinute: 10_000 }, { clock, sleep: steppingSleep }),
    startSmtpPeer(),
  ]);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(() => {
    clockTime.set(MONDAY_MORNING);
    paceSlots.length = 0;
  });

  const call = (method: Method, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

  /** A signed-up user with a postal address, a mailbox on the SMTP peer, an Active template and `count` leads. */
  async function sender(
    label: string,
    options: {
      count?: number;
      dailyLimit?: number;
      sendsPerMinute?: number;
      postalAddress?: string | null;
      smtpPassword?: string;
    } = {},
  ) {
    const token = await registerUser(t.app, `${label}@campaigns.test`);
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    if (options.postalAddress !== null) {
      await call('PUT', '/api/user/profile', token, {
        postalAddress: options.postalAddress ?? '1 Harbor Way, Austin, TX 78701',
      });
    }
    // A password the peer refuses stands for one changed at the provider since connecting.
    const peer = { ...smtp, password: options.smtpPassword ?? smtp.password };
    const accountId = await seedSmtpAccount(t.database.db, userId, peer, {
      dailyLimit: options.dailyLimit,
      sendsPerMinute: options.sendsPerMinute,
    });
    const templateId = await template(token, { name: 'Intro', subject: 'Hello {firstName|there}' });
    const rows = Array.from({ length: options.count ?? 0 }, (_, i) => ({
      email: `${label}-${i}@leads.test`,
      first_name: `Lead${i}`,
      company: `Company ${i}`,
    }));
    // In parts, as the upload dialog sends a file: a request takes at most CSV_CHUNK_ROWS rows.
    for (let start = 0; start < rows.length; start += CSV_CHUNK_ROWS) {
      const part = rows.slice(start, start + CSV_CHUNK_ROWS);
      const upload = await call('POST', '/api/leads/upload-csv', token, { csvData: part, firstRowNumber: start + 2 });
      expect(upload.json().added).toBe(part.length);
    }
    const leadIds = (
      await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
    ).map((row) => row.id);
    return { token, userId, accountId, templateId, leadIds };
  }

  async function template(
    token: string,
    fields: { name: string; subject: string; status?: string; attachments?: object[] },
  ) {
    const response = await call('POST', '/api/templates', token, {
      body: '<p>Hi {firstName}, a note for {company}.</p>',
      status: 'active',
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  /** Starts a campaign; `body` may be an owner (its session token and user id are not the request's fields). */
  async function start(token: string, body: object) {
    const { token: _token, userId: _userId, ...request } = body as Record<string, unknown>;
    const response = await call('POST', '/api/campaigns/send-mass-email', token, request);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().campaignId as number;
  }

  const campaign = async (token: string, id: number) => (await call('GET', `/api/campaigns/${id}`, token)).json();
  const run = (id: number) => t.container.services.campaignSender.run(id);
  const recipientsOf = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

  return { t, smtp, clock, paceSlots, call, sender, template, start, campaign, run, recipientsOf };
}
