import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { freePort } from '../../test/net';
import { startOAuthPeer } from '../../test/oauth-peer';
import { ApiTransport, gmailApi, graphApi, type MailApi } from './api-transport';
import { googleProvider, microsoftProvider, type OAuthProvider, type OAuthTokens } from './oauth-provider';
import type { OutgoingMail } from './transport';

const peer = await startOAuthPeer();
afterAll(() => peer.stop());

const providers = {
  graph: {
    provider: microsoftProvider(peer.config.microsoft, systemClock),
    api: graphApi(peer.config.microsoft.graphUrl),
  },
  gmail: { provider: googleProvider(peer.config.google, systemClock), api: gmailApi(peer.config.google.gmailUrl) },
};

/** Tokens as connecting gets them: the person consents on the provider's page, the code is exchanged. */
async function signIn(provider: OAuthProvider): Promise<OAuthTokens> {
  const redirectUri = 'http://localhost:5000/api/callback';
  const verifier = 'a-code-verifier-that-is-long-enough-0123456789';
  const back = new URL(peer.consent(provider.authorizeUrl('state', verifier, redirectUri)), 'http://localhost');
  return provider.exchangeCode(back.searchParams.get('code') ?? '', verifier, redirectUri);
}

async function transportFor(name: keyof typeof providers, options: { timeoutMs?: number; api?: MailApi } = {}) {
  const { provider, api } = providers[name];
  const saved: OAuthTokens[] = [];
  const transport = new ApiTransport(
    await signIn(provider),
    provider,
    options.api ?? api,
    async (tokens) => {
      saved.push(tokens);
    },
    systemClock,
    options.timeoutMs,
  );
  return { transport, saved };
}

let counter = 0;
const mail = (): OutgoingMail => {
  counter += 1;
  return {
    from: { name: 'Owner', address: 'owner@contoso.test' },
    to: 'lead@example.test',
    subject: 'Hello',
    html: '<p>Hi</p>',
    text: 'Hi',
    messageId: `<row-${counter}@contoso.test>`,
  };
};

describe.each(['graph', 'gmail'] as const)('ApiTransport over %s', (name) => {
  it('sends the whole message: both parts, the attachment and the List-Unsubscribe headers', async () => {
    const { transport } = await transportFor(name);
    const sent = {
      ...mail(),
      attachments: [{ filename: 'brochure.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') }],
      headers: {
        'List-Unsubscribe': '<https://reach.example/u/1.abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
    await transport.send(sent);

    const received = peer.sent.at(-1);
    expect(received?.kind).toBe(name);
    expect(received?.mail.messageId).toBe(sent.messageId);
    expect(received?.mail.html).toContain('<p>Hi</p>');
    expect(received?.mail.text?.trim()).toBe('Hi');
    expect(received?.mail.attachments.map((file) => file.filename)).toEqual(['brochure.pdf']);
    const header = (key: string) => received?.mail.headerLines.find((line) => line.key === key)?.line;
    expect(header('list-unsubscribe')).toBe('List-Unsubscribe: <https://reach.example/u/1.abc>');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('finds a sent message in the Sent folder by its Message-ID, and not one never sent', async () => {
    const { transport } = await transportFor(name);
    const sent = mail();
    await transport.send(sent);

    await expect(transport.findSent(sent.messageId)).resolves.toBe(true);
    await expect(transport.findSent(mail().messageId)).resolves.toBe(false);
  });

  it('searches with a refreshed token when the access token expired', async () => {
    const { transport, saved } = await transportFor(name);
    const sent = mail();
    await transport.send(sent);
    peer.expireAccessTokens();

    await expect(transport.findSent(sent.messageId)).resolves.toBe(true);
    expect(saved).toHaveLength(1);
  });

  it('calls a send whose connection dropped after the request went out uncertain, and the Sent folder settles it', async () => {
    const { transport } = await transportFor(name);
    const sent = mail();
    peer.loseNextAnswer('drop');

    const failure = await transport.send(sent).catch((error) => error);

    expect(failure).toMatchObject({ kind: 'uncertain', code: 'mail_uncertain' });
    expect(failure.message).toMatch(/may or may not have been sent. Check the mailbox's Sent folder/);
    await expect(transport.findSent(sent.messageId)).resolves.toBe(true);
  });

  it('calls a send that got no answer in time uncertain', async () => {
    const { transport } = await transportFor(name, { timeoutMs: 300 });
    peer.loseNextAnswer('hang');

    const failure = await transport.send(mail()).catch((error) => error);

    expect(failure).toMatchObject({ kind: 'uncertain' });
    expect(failure.message).toMatch(/no answer in time/);
  });
});

describe('ApiTransport when the service cannot be reached', () => {
  it('calls a refused connection temporary, and cannot tell what is in the Sent folder', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { transport } = await transportFor('graph', { api: graphApi(closed) });

    await expect(transport.send(mail())).rejects.toMatchObject({ kind: 'temporary', code: 'mail_temporary' });
    await expect(transport.findSent('<any@contoso.test>')).resolves.toBeNull();
  });
});
