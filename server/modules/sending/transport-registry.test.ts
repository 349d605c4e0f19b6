import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthTokens } from '../../adapters/mail/oauth-provider';
import { campaignRecipients, emailAccounts, providerConnections } from '../../db/schema';
import { SecretBox } from '../../lib/secret-box';
import { createTestApp, getCurrentUser, registerUser, testConfig } from '../../test/app';
import { startOAuthPeer } from '../../test/oauth-peer';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { startSmtpPeer } from '../../test/smtp-peer';

const peer = await startOAuthPeer();
const smtp = await startSmtpPeer();
const t = await createTestApp({ oauth: peer.config });
afterAll(async () => {
  await t.close();
  await peer.stop();
  await smtp.stop();
});

const transports = t.container.services.transports;
const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

let owner: string;
const accounts: Record<'outlook' | 'gmail' | 'smtp', number> = { outlook: 0, gmail: 0, smtp: 0 };
beforeAll(async () => {
  owner = await registerUser(t.app, 'owner@registry.test');
  for (const provider of ['outlook', 'gmail'] as const) {
    const { authUrl } = (await inject('GET', `/api/${provider}/connect`, owner)).json();
    await inject('GET', peer.consent(authUrl), owner);
  }
  const userId = (await getCurrentUser(t.app, owner)).json().id as string;
  accounts.smtp = await seedSmtpAccount(t.database.db, userId, smtp);
  for (const account of (await inject('GET', '/api/email-accounts', owner)).json()) {
    if (account.provider === 'outlook' || account.provider === 'gmail')
      accounts[account.provider as 'gmail'] = account.id;
  }
});

const sendTest = (accountId: number) =>
  inject('POST', `/api/email-accounts/${accountId}/test`, owner, { to: 'lead@example.test' });

describe('transport registry: Sent-folder lookup', () => {
  it.each(['outlook', 'gmail'] as const)(
    'finds a message sent through %s, and not one never sent',
    async (provider) => {
      const sent = await sendTest(accounts[provider]);
      expect(sent.statusCode).toBe(200);

      await expect(transports.findSent({ id: accounts[provider] }, sent.json().messageId)).resolves.toBe(true);
      await expect(transports.findSent({ id: accounts[provider] }, '<never-sent@registry.test>')).resolves.toBe(false);
    },
  );

  it('cannot tell for an SMTP account or an account that is gone', async () => {
    const sent = await sendTest(accounts.smtp);
    expect(sent.statusCode).toBe(200);

    await expect(transports.findSent({ id: accounts.smtp }, sent.json().messageId)).resolves.toBeNull();
    await expect(transports.findSent({ id: 987_654 }, sent.json().messageId)).resolves.toBeNull();
  });

  it('answers an uncertain test send with 502 and the advice to check the Sent folder, and keeps it on record', async () => {
    const sentToday = async () =>
      (await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accounts.outlook)))[0].sentToday;
    const before = await sentToday();
    peer.loseNextAnswer('drop');

    const response = await sendTest(accounts.outlook);

    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      "The connection to Microsoft broke after the message was handed over (connection lost): it may or may not have been sent. Check the mailbox's Sent folder before sending again.",
    );
    // It may have gone: it keeps its place in the day's limit and is on record with an unknown outcome.
    expect(await sentToday()).toBe(before + 1);
    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.accountId, accounts.outlook), eq(campaignRecipients.state, 'unknown')));
    expect(row).toMatchObject({ kind: 'test', toAddress: 'lead@example.test' });
  });

  it('cannot tell when the sign-in is refused, and puts the account in error as a send would', async () => {
    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accounts.gmail));
    const revoked: OAuthTokens = { kind: 'oauth', accessToken: 'gone', refreshToken: 'revoked', expiresAt: 0 };
    await t.database.db
      .update(providerConnections)
      .set({ credentials: new SecretBox(testConfig.encryptionKey).seal(revoked) })
      .where(eq(providerConnections.id, account.connectionId));

    await expect(transports.findSent({ id: accounts.gmail }, '<any@registry.test>')).resolves.toBeNull();

    const [after] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accounts.gmail));
    expect(after.status).toBe('error');
    expect(after.statusReason).toBe('The sign-in service refused the sign-in of this mailbox: connect it again.');
  });
});
