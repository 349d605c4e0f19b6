import type { Socket } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSettings } from '../../../contract/accounts';
import { freePort } from '../../test/net';
import { startSmtpPeer } from '../../test/smtp-peer';
import { loopbackSmtpOptions } from '../../test/smtp-server-options';
import { SmtpTransport, verifySmtp } from './smtp-transport';
import type { OutgoingMail } from './transport';

const mail: OutgoingMail = {
  from: { name: 'Ana Sales', address: 'sender@smtp.test' },
  to: 'lead@example.test',
  subject: 'Grüße aus Köln',
  // A line starting with a dot must survive SMTP's dot-stuffing.
  text: 'Hello,\r\n.hidden line\r\nBye',
  html: '<p>Hello,</p><p>.hidden line</p>',
  messageId: '<campaign-7-row-12@smtp.test>',
  headers: { 'List-Unsubscribe': '<https://app.test/u/abc>', 'X-Campaign': '7' },
  attachments: [{ filename: 'offer.pdf', contentType: 'application/pdf', content: Buffer.from([0, 1, 2, 255, 46]) }],
};

/** What a misbehaving SMTP server does to the session: SMTP replies are not involved, only the connection. */
type Misbehaviour = 'drop_at_rcpt' | 'drop_after_data' | 'silent_after_data';

/** A real SMTP server on loopback (smtp-server) that breaks the session at one point, as a failing provider can. */
async function startMisbehavingPeer(misbehaviour: Misbehaviour) {
  const port = await freePort();
  const sockets = new Map<number | undefined, Socket>();
  const drop = (session: SMTPServerSession) => sockets.get(session.remotePort)?.destroy();
  const messages: Buffer[] = [];
  const readAll = async (stream: SMTPServerDataStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    messages.push(Buffer.concat(chunks));
  };
  const server = new SMTPServer({
    ...loopbackSmtpOptions,
    closeTimeout: 100,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onRcptTo(_address, session, callback) {
      if (misbehaviour === 'drop_at_rcpt') return drop(session);
      callback();
    },
    onData(stream, session, callback) {
      // The message is read to its final dot, then never answered: the connection drops, or stays silent.
      readAll(stream).then(() => {
        if (misbehaviour === 'drop_after_data') drop(session);
      }, callback);
    },
  });
  server.server.on('connection', (socket: Socket) => sockets.set(socket.remotePort, socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const settings: ServerSettings = { host: '127.0.0.1', port, secure: false, user: 'sender@smtp.test', password: 'x' };
  return {
    settings,
    messages,
    stop: () => {
      for (const socket of sockets.values()) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  // Transports close before their peers, which wait for open connections.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function transportTo(settings: ServerSettings, timeouts = {}) {
  const transport = new SmtpTransport(settings, '127.0.0.1', timeouts);
  cleanups.push(() => transport.close());
  return transport;
}

describe('SmtpTransport', () => {
  it('delivers the message as composed: headers, both parts, the attachment', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const { host, port, user, password } = peer;
    const transport = transportTo({ host, port, secure: false, user, password });

    const result = await transport.send(mail);

    expect(result.messageId).toBe(mail.messageId);
    expect(result.response).toMatch(/^250 /);
    expect(peer.received).toHaveLength(1);
    const [{ envelopeFrom, envelopeTo, mail: received }] = peer.received;
    expect(envelopeFrom).toBe('sender@smtp.test');
    expect(envelopeTo).toEqual(['lead@example.test']);
    expect(received.messageId).toBe(mail.messageId);
    expect(received.subject).toBe(mail.subject);
    expect(received.from?.value).toEqual([{ name: 'Ana Sales', address: 'sender@smtp.test' }]);
    expect(received.to).toMatchObject({ value: [{ address: 'lead@example.test' }] });
    const header = (name: string) => received.headerLines.find((line) => line.key === name)?.line;
    expect(header('list-unsubscribe')).toBe('List-Unsubscribe: <https://app.test/u/abc>');
    expect(header('x-campaign')).toBe('X-Campaign: 7');
    expect(received.text).toBe('Hello,\n.hidden line\nBye');
    expect(received.html).toBe(mail.html);
    expect(received.attachments).toHaveLength(1);
    expect(received.attachments[0]).toMatchObject({ filename: 'offer.pdf', contentType: 'application/pdf' });
    expect(received.attachments[0].content.equals(Buffer.from([0, 1, 2, 255, 46]))).toBe(true);

    // The pooled connection carries the next message too.
    await transport.send({ ...mail, messageId: '<second@smtp.test>' });
    expect(peer.received.map((item) => item.mail.messageId)).toEqual([mail.messageId, '<second@smtp.test>']);
  });

  it('calls a connection dropped after the whole message went out uncertain', async () => {
    const peer = await startMisbehavingPeer('drop_after_data');
    cleanups.push(() => peer.stop());

    const failure = await transportTo(peer.settings)
      .send(mail)
      .catch((error) => error);

    expect(peer.messages).toHaveLength(1);
    expect(failure).toMatchObject({ kind: 'uncertain', code: 'mail_uncertain' });
    expect(failure.message).toMatch(/broke after the message was handed over/);
    expect(failure.message).toMatch(/Check the mailbox's Sent folder before sending again/);
  });

  it('calls a server that never answers the message uncertain once the socket times out', async () => {
    const peer = await startMisbehavingPeer('silent_after_data');
    cleanups.push(() => peer.stop());

    const failure = await transportTo(peer.settings, { socketTimeout: 300 })
      .send(mail)
      .catch((error) => error);

    expect(peer.messages).toHaveLength(1);
    expect(failure).toMatchObject({ kind: 'uncertain' });
  });

  it('calls a connection dropped before the message went out temporary', async () => {
    const peer = await startMisbehavingPeer('drop_at_rcpt');
    cleanups.push(() => peer.stop());

    const failure = await transportTo(peer.settings)
      .send(mail)
      .catch((error) => error);

    expect(peer.messages).toHaveLength(0);
    expect(failure).toMatchObject({ kind: 'temporary', code: 'mail_temporary' });
  });

  it('calls a refused connection temporary', async () => {
    const port = await freePort();
    const failure = await transportTo({ host: '127.0.0.1', port, secure: false, user: 'u', password: 'p' })
      .send(mail)
      .catch((error) => error);

    expect(failure).toMatchObject({ kind: 'temporary' });
    expect(failure.message).toBe(`Nothing answered at 127.0.0.1 port ${port}: check the host and port.`);
    expect(failure.operatorDetail).toBe(`SMTP: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('sorts SMTP replies: 4xx temporary, 5xx permanent, 5.1.x no mailbox, 5.7.x blocked, bad login auth', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const { host, port, user, password } = peer;
    const transport = transportTo({ host, port, secure: false, user, password });

    peer.failNextWith(451, '4.3.0 Try again later');
    await expect(transport.send(mail)).rejects.toMatchObject({ kind: 'temporary' });
    peer.failNextWith(552, '5.2.2 Mailbox full');
    await expect(transport.send(mail)).rejects.toMatchObject({ kind: 'permanent', code: 'mail_permanent' });
    peer.failNextWith(550, '5.1.1 No such user here');
    await expect(transport.send(mail)).rejects.toMatchObject({ kind: 'no_mailbox', code: 'mail_no_mailbox' });
    peer.failNextWith(550, '5.7.1 Sender rejected');
    await expect(transport.send(mail)).rejects.toMatchObject({
      kind: 'blocked',
      providerAnswer: '550 5.7.1 Sender rejected',
    });
    peer.failNextWith(451, '4.7.28 Our system has detected an unusual rate of unsolicited mail');
    await expect(transport.send(mail)).rejects.toMatchObject({ kind: 'blocked' });
    await expect(transportTo({ host, port, secure: false, user, password: 'wrong' }).send(mail)).rejects.toMatchObject({
      kind: 'auth',
    });
  });
});

describe('verifySmtp', () => {
  it('says plainly that nothing answered at a closed port; the connection’s own words are the operator’s detail', async () => {
    const port = await freePort();
    const failure = await verifySmtp({ host: '127.0.0.1', port, secure: false, user: 'u', password: 'p' }, '127.0.0.1')
      .then(() => null)
      .catch((error) => error);

    expect(failure).toMatchObject({ kind: 'temporary' });
    expect(failure.message).toBe(`Nothing answered at 127.0.0.1 port ${port}: check the host and port.`);
    expect(failure.operatorDetail).toBe(`SMTP: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('keeps security "None" plain when the server offers STARTTLS; stored settings without it still upgrade', async () => {
    // The peer's certificate is self-signed, so a connection that upgrades fails and one that stays plain logs in.
    const peer = await startSmtpPeer({ offerStarttls: true });
    cleanups.push(() => peer.stop());
    const { host, port, user, password } = peer;

    await expect(verifySmtp({ host, port, secure: false, starttls: false, user, password }, host)).resolves.toBe(
      undefined,
    );
    await expect(verifySmtp({ host, port, secure: false, user, password }, host)).rejects.toThrow(/certificate/);
  });
});
