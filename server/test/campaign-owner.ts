import { eq } from 'drizzle-orm';
import type { ServerSettings } from '../../contract/accounts';
import { CSV_CHUNK_ROWS } from '../../contract/leads';
import { buildApp } from '../app';
import { createContainer } from '../container';
import type { DatabaseHandle } from '../db/client';
import { leads } from '../db/schema';
import { getCurrentUser, registerUser, testConfig } from './app';
import { seedSmtpAccount } from './seed-smtp-account';
import type { SmtpPeer } from './smtp-peer';

/** The secrets of `testConfig`, for a server process that reads what the test app stored (sessions, credentials). */
export const testSecretsEnv = {
  SESSION_SECRET: testConfig.sessionSecret,
  ENCRYPTION_KEY: testConfig.encryptionKey.toString('hex'),
};

export type CampaignOwner = {
  /** The session token (cookie `lr_session`). */
  token: string;
  userId: string;
  accountId: number;
  templateId: number;
  leadIds: number[];
};

/**
 * A user ready to send a campaign, made through the real API on `handle`: registered, with a postal address, an
 * Active template and `leads` leads (lead-0@leads.test…), and a mailbox on the SMTP server stored as connecting
 * stores it (IMAP is not checked), with a daily limit of 10,000 and a pace of `sendsPerMinute`. The pace is written
 * to the database, so tests may go beyond what the API accepts.
 */
export async function createCampaignOwner(
  handle: DatabaseHandle,
  smtp: Pick<SmtpPeer, 'host' | 'port' | 'user' | 'password'>,
  options: { leads: number; sendsPerMinute: number; imap?: ServerSettings },
): Promise<CampaignOwner> {
  const container = await createContainer(testConfig, handle);
  const app = await buildApp(container);
  try {
    const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
      return response.json();
    };
    const token = await registerUser(app, 'owner@campaign-owner.test');
    const userId = (await getCurrentUser(app, token)).json().id as string;
    await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
    // seedSmtpAccount reads only the server's address and login.
    const accountId = await seedSmtpAccount(handle.db, userId, smtp, {
      dailyLimit: 10_000,
      sendsPerMinute: options.sendsPerMinute,
      imap: options.imap,
    });
    const template = await call('POST', '/api/templates', {
      name: 'Intro',
      subject: 'Hello {firstName|there}',
      body: '<p>Hi {firstName}, a note for {company}.</p>',
      status: 'active',
    });
    const csvData = Array.from({ length: options.leads }, (_, i) => ({
      email: `lead-${i}@leads.test`,
      first_name: `Lead${i}`,
      company: `Company ${i}`,
    }));
    // In parts, as the upload dialog sends a file: a request takes at most CSV_CHUNK_ROWS rows.
    let added = 0;
    for (let start = 0; start < csvData.length; start += CSV_CHUNK_ROWS) {
      const csvPart = csvData.slice(start, start + CSV_CHUNK_ROWS);
      added += (await call('POST', '/api/leads/upload-csv', { csvData: csvPart, firstRowNumber: start + 2 })).added;
    }
    if (added !== options.leads) throw new Error(`Added ${added} of ${options.leads} leads`);
    const leadIds = (
      await handle.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
    ).map((row) => row.id);
    return { token, userId, accountId, templateId: template.id as number, leadIds };
  } finally {
    await app.close();
    await container.close();
  }
}

/** Starts a campaign to every lead of `owner` through a server process's HTTP API; answers its id. */
export async function startCampaignOver(port: number, owner: CampaignOwner): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/campaigns/send-mass-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `lr_session=${owner.token}` },
    body: JSON.stringify({ accountId: owner.accountId, templateId: owner.templateId, leadIds: owner.leadIds }),
  });
  if (!response.ok) throw new Error(`The campaign did not start: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { campaignId: number }).campaignId;
}

/** A campaign's status as GET /api/campaigns/{id} of a server process answers it. */
export async function campaignStatusOver(port: number, owner: CampaignOwner, campaignId: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/campaigns/${campaignId}`, {
    headers: { cookie: `lr_session=${owner.token}` },
  });
  return ((await response.json()) as { status: string }).status;
}
