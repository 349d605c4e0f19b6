import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProviderName } from '../../adapters/mail/oauth-provider';
import { emailAccounts, inboundMessages, inboxCursors, providerConnections } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { gmailMailbox } from '../../test/gmail-peer';
import { graphMailbox } from '../../test/graph-peer';
import { startOAuthPeer } from '../../test/oauth-peer';
import { prospectMail, sendIntroCampaign } from '../../test/replies-fixture';

const graph = graphMailbox();
const gmail = gmailMailbox();
const peer = await startOAuthPeer({ resources: [graph.handle, gmail.handle] });
const t = await createTestApp({ oauth: peer.config });
afterAll(async () => {
  await t.close();
  await peer.stop();
});

/** How each provider's mailbox is fed, and what its cursor must be after a reading. */
const providers: {
  name: OAuthProviderName;
  api: 'graph' | 'gmail';
  readScope: RegExp;
  deliver(source: string): void;
  /** The provider files a mail the account sent in its Sent folder (Sent Items, or the SENT label). */
  fileSent(source: string): void;
  requests: { method: string }[];
  expectCursor(cursor: unknown): void;
}[] = [
  {
    name: 'outlook',
    api: 'graph',
    readScope: /\bMail\.Read/,
    deliver: (source) => graph.deliver(source),
    fileSent: (source) => graph.deliver(source, { folder: 'sentitems' }),
    requests: graph.requests,
    // Graph's deltaLink, to be followed as it is: the next round names only what came since.
    expectCursor(cursor) {
      expect(cursor).toEqual({ deltaLink: expect.any(String) });
      const link = new URL((cursor as { deltaLink: string }).deltaLink);
      expect(`${link.origin}${link.pathname}`).toBe(
        `${peer.config.microsoft.graphUrl}/me/mailFolders/inbox/messages/delta`,
      );
      expect(link.searchParams.get('$deltatoken')).toBeTruthy();
    },
  },
  {
    name: 'gmail',
    api: 'gmail',
    readScope: /gmail\.readonly/,
    deliver: (source) => gmail.deliver(source),
    fileSent: (source) => gmail.deliver(source, { labelIds: ['SENT'] }),
    requests: gmail.requests,
    // The mailbox's history id when the reading ended: the next reading asks the history after it.
    expectCursor(cursor) {
      expect(cursor).toEqual({ historyId: gmail.historyId() });
    },
  },
];

for (const provider of providers)
  describe(`reading a connected ${provider.name} mailbox through its API (${provider.api})`, () => {
    const domain = `${provider.name}-leads.test`;
    const mailbox = peer.mailboxes[provider.name];
    let owner: string;
    let accountId: number;
    let leadIds: number[];

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${owner}` } });
    const session = () => t.container.services.inboxReader.session(accountId, 0);
    const cursorRow = async () =>
      (await t.database.db.select().from(inboxCursors).where(eq(inboxCursors.accountId, accountId)))[0];
    const credentials = async () =>
      (
        await t.database.db
          .select({ credentials: providerConnections.credentials })
          .from(emailAccounts)
          .innerJoin(providerConnections, eq(providerConnections.id, emailAccounts.connectionId))
          .where(eq(emailAccounts.id, accountId))
      )[0].credentials;
    const refreshes = () => peer.grants.filter((grant) => grant === 'refresh_token').length;
    /** The Message-ID our campaign mail to the lead carried, as the provider received it. */
    const sentMessageId = (lead: number) => {
      const copies = peer.sent.filter(
        (item) =>
          item.kind === provider.api &&
          item.mail.to &&
          'value' in item.mail.to &&
          item.mail.to.value[0].address === `lead-${lead}@${domain}`,
      );
      expect(copies).toHaveLength(1);
      const messageId = copies[0].mail.messageId;
      if (!messageId) throw new Error(`the mail to lead ${lead} had no Message-ID`);
      return messageId;
    };
    const reply = (lead: number, text: string, messageId: string) =>
      prospectMail({
        from: `lead-${lead}@${domain}`,
        to: mailbox,
        subject: 'Re: Homes near you',
        text,
        messageId,
        inReplyTo: sentMessageId(lead),
      });
    const stored = async () =>
      (
        await t.database.db
          .select({ messageId: inboundMessages.messageId })
          .from(inboundMessages)
          .where(eq(inboundMessages.accountId, accountId))
          .orderBy(inboundMessages.id)
      ).map((row) => row.messageId);

    beforeAll(async () => {
      owner = await registerUser(t.app, `owner@${provider.name}-reader.test`);
      const { authUrl } = (await call('GET', `/api/${provider.name}/connect`)).json();
      // Reading needs the provider's read scope, granted when the account is connected.
      expect(new URL(authUrl).searchParams.get('scope')).toMatch(provider.readScope);
      expect((await call('GET', peer.consent(authUrl))).statusCode).toBe(302);
      const account = (await call('GET', '/api/email-accounts'))
        .json()
        .find((row: { email: string }) => row.email === mailbox);
      expect(account).toMatchObject({ provider: provider.name });
      accountId = account.id;

      const userId = (await getCurrentUser(t.app, owner)).json().id as string;
      const sent = await sendIntroCampaign(t, { session: owner, userId }, { accountId, leads: 2, domain });
      leadIds = sent.leadIds;
      expect((await call('GET', `/api/campaigns/${sent.campaignId}`)).json()).toMatchObject({
        emailsSent: 2,
      });
      // The campaign's mails are in the mailbox too, in Sent: a reader of the Inbox never sees them.
      for (const lead of [0, 1]) {
        provider.fileSent(
          prospectMail({
            from: mailbox,
            to: `lead-${lead}@${domain}`,
            subject: `Homes near you, Lead${lead}`,
            text: `Hi Lead${lead}, shall we talk about your home?`,
            messageId: sentMessageId(lead),
          }),
        );
      }
    });

    it('takes in the prospect’s reply with its priority and lead, leaves an unrelated message alone, and keeps the provider’s cursor', async () => {
      const replyId = `<price-1@${domain}>`;
      provider.deliver(reply(1, 'Sounds good. What does it cost?', replyId));
      provider.deliver(
        prospectMail({
          from: 'friend@else.test',
          to: mailbox,
          subject: 'Lunch?',
          text: 'Lunch?',
          messageId: '<lunch@else.test>',
        }),
      );

      expect(await session()).toEqual({ read: 2, taken: 1, ignored: 1, duplicates: 0 });
      const responses = (await call('GET', '/api/responses')).json();
      expect(responses).toHaveLength(1);
      expect(responses[0]).toMatchObject({
        priority: 'hot',
        body: 'Sounds good. What does it cost?',
        followupRequired: true,
        leadId: leadIds[1],
        lead: { email: `lead-1@${domain}`, firstName: 'Lead1' },
      });
      expect((await call('GET', '/api/followups/count')).json()).toEqual({ count: 1 });
      expect(await stored()).toEqual([replyId]);
      const cursor = await cursorRow();
      expect(cursor.lastError).toBeNull();
      provider.expectCursor(cursor.cursor);
    });

    it('reads nothing again, then only what arrived since, from the stored cursor', async () => {
      const before = (await cursorRow()).cursor;
      expect(await session()).toEqual({ read: 0, taken: 0, ignored: 0, duplicates: 0 });

      const callId = `<call-0@${domain}>`;
      provider.deliver(reply(0, 'Please call me tomorrow.', callId));
      // Read from the start again it would count the first two messages as well (a duplicate and an ignored one).
      expect(await session()).toEqual({ read: 1, taken: 1, ignored: 0, duplicates: 0 });
      expect(await stored()).toEqual([`<price-1@${domain}>`, callId]);
      const after = (await cursorRow()).cursor;
      provider.expectCursor(after);
      expect(after).not.toEqual(before);
      expect((await call('GET', '/api/followups/count')).json()).toEqual({ count: 2 });
      // Readers only look: nothing in the mailbox was asked to change.
      expect(provider.requests.length).toBeGreaterThan(0);
      expect(provider.requests.every((request) => request.method === 'GET')).toBe(true);
    });

    it('refreshes an expired access token while reading and saves it to the connection, which the next session uses', async () => {
      const sealedBefore = await credentials();
      const refreshesBefore = refreshes();
      peer.expireAccessTokens();
      provider.deliver(reply(1, 'Tuesday works for me.', `<tuesday-1@${domain}>`));

      expect(await session()).toEqual({ read: 1, taken: 1, ignored: 0, duplicates: 0 });
      expect(refreshes()).toBe(refreshesBefore + 1);
      const sealedAfter = await credentials();
      expect(sealedAfter).not.toBe(sealedBefore);
      expect((await cursorRow()).lastError).toBeNull();

      // The saved tokens are the fresh ones: the next session reads with them, with no refresh of its own.
      provider.deliver(reply(0, 'Also, is Friday possible?', `<friday-0@${domain}>`));
      expect(await session()).toEqual({ read: 1, taken: 1, ignored: 0, duplicates: 0 });
      expect(refreshes()).toBe(refreshesBefore + 1);
      expect(await credentials()).toBe(sealedAfter);
      expect(await stored()).toHaveLength(4);
      provider.expectCursor((await cursorRow()).cursor);
    });
  });
