import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, providerConnections } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server';
import { dovecotUnavailable, startDovecot } from '../../test/dovecot';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A TCP server on 127.0.0.1 that counts the connections it gets, greets each with `banner` (nothing when empty),
 * answers `reply` to whatever the client sends, and closes: a database, a web server, or a trap that only proves
 * nobody dialled it.
 */
async function startRawPeer(banner: Buffer | string = '', reply?: string) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    if (banner.length > 0) socket.write(banner);
    if (reply) socket.on('data', () => socket.write(reply));
    // A peer that answers what it is sent closes later, once the client has had its say.
    setTimeout(() => socket.end(), reply ? 2000 : 100);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    connections: () => connections,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const zone = {
  'loopback.mail.test': [{ type: 'A' as const, address: '127.0.0.1' }],
  'metadata.mail.test': [{ type: 'A' as const, address: '169.254.169.254' }],
  // One public address does not let a private one through.
  'mixed.mail.test': [
    { type: 'A' as const, address: '93.184.216.34' },
    { type: 'A' as const, address: '127.0.0.1' },
  ],
};

const privateRefusal = (host: string) =>
  `SMTP host ${host} is on a private network or on this server itself, which mailboxes may not use here. Use your mail provider's public server name, or ask the administrator to allow mail servers on the local network.`;
const metadataRefusal = (host: string) =>
  `SMTP host ${host} is not allowed: it is a link-local or cloud metadata address, never a mail server.`;
const reservedRefusal = (host: string) => `SMTP host ${host} is not allowed: no mail server can be at that address.`;

const connectBody = (host: string, port: number, imap?: { host: string; port: number }) => ({
  email: 'probe@smtp.test',
  smtp: { host, port, secure: false, user: 'u', password: 'p' },
  imap: { ...(imap ?? { host, port }), secure: false, user: 'u', password: 'p' },
});

function caller(t: TestApp) {
  return (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: `lr_session=${token}` } });
}

describe('connecting a mailbox: private and local mail servers not allowed (the default)', () => {
  let now = new Date('2026-03-02T10:00:00Z');
  const clock = { now: () => now };
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  let t: TestApp;
  let dns: TestDnsServer;
  let trap: Awaited<ReturnType<typeof startRawPeer>>;
  let smtp: SmtpPeer;
  let owner: string;
  let post: ReturnType<typeof caller>;

  beforeAll(async () => {
    [dns, trap, smtp] = await Promise.all([startDnsServer(zone), startRawPeer(), startSmtpPeer()]);
    t = await createTestApp({ mailAllowPrivateHosts: false, dnsServers: [dns.server] }, { clock });
    post = caller(t);
    owner = await registerUser(t.app, 'owner@guard.test');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([dns?.close(), trap?.stop(), smtp?.stop()]);
  });

  it.each([
    ['127.0.0.1', privateRefusal],
    ['10.0.0.5', privateRefusal],
    ['192.168.1.10', privateRefusal],
    ['100.64.0.1', privateRefusal],
    ['::1', privateRefusal],
    ['[::ffff:127.0.0.1]', privateRefusal],
    ['loopback.mail.test', privateRefusal],
    ['mixed.mail.test', privateRefusal],
    ['2130706433', privateRefusal],
    ['0x7f.0.0.1', privateRefusal],
    ['0177.0.0.1', privateRefusal],
    ['127.1', privateRefusal],
    ['169.254.169.254', metadataRefusal],
    ['100.100.100.200', metadataRefusal],
    ['metadata.mail.test', metadataRefusal],
    ['0.0.0.0', reservedRefusal],
    ['64:ff9b::7f00:1', reservedRefusal],
  ])('refuses %s in plain words, without connecting to it', async (host, refusal) => {
    // Each case in a new minute, so the attempt limit stays out of the way.
    later(61);
    const response = await post('/api/email-accounts/smtp', owner, connectBody(host, trap.port));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(refusal(host));
    expect(trap.connections()).toBe(0);
    expect(await t.database.db.$count(providerConnections)).toBe(0);
  });

  it('stops an account stored before its host was refused: the send fails with the reason, nothing is dialled', async () => {
    later(61);
    const userId = (await getCurrentUser(t.app, owner)).json().id as string;
    const accountId = await seedSmtpAccount(t.database.db, userId, smtp);
    const sent = await post(`/api/email-accounts/${accountId}/test`, owner, { to: 'lead@example.test' });
    expect(sent.statusCode).toBe(502);
    expect(sent.json().message).toBe(privateRefusal('127.0.0.1'));
    expect(smtp.received).toHaveLength(0);
    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(account).toMatchObject({ status: 'error', statusReason: privateRefusal('127.0.0.1'), sentToday: 0 });
    // Reading its replies is refused the same way.
    await expect(t.container.services.transports.openInbox(accountId)).rejects.toThrow(
      /^IMAP host 127\.0\.0\.1 is on a private network/,
    );
    await t.database.db.delete(emailAccounts).where(eq(emailAccounts.id, accountId));
  });

  it('answers 429 with Retry-After after 10 connection attempts in a minute, for that user only', async () => {
    later(61);
    const user = await registerUser(t.app, 'hasty@guard.test');
    const attempt = (token: string) => post('/api/email-accounts/smtp', token, connectBody('10.0.0.5', 25));
    for (let i = 0; i < 10; i += 1) expect((await attempt(user)).statusCode).toBe(400);

    const limited = await attempt(user);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait 60 seconds and try again.');
    expect(limited.headers['retry-after']).toBe('60');
    expect((await attempt(owner)).statusCode).toBe(400);

    later(60);
    expect((await attempt(user)).statusCode).toBe(400);
  });
});

describe('connecting a mailbox: private mail servers allowed by the administrator', () => {
  let t: TestApp;
  let dns: TestDnsServer;
  let smtp: SmtpPeer;
  let owner: string;
  let post: ReturnType<typeof caller>;
  // Each test registers a user of its own, so no test meets the attempt limit.
  let users = 0;
  const newUser = () => {
    users += 1;
    return registerUser(t.app, `user${users}@guard.test`);
  };

  beforeAll(async () => {
    [dns, smtp] = await Promise.all([startDnsServer(zone), startSmtpPeer()]);
    t = await createTestApp({ mailAllowPrivateHosts: true, dnsServers: [dns.server] });
    post = caller(t);
    owner = await newUser();
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([dns?.close(), smtp?.stop()]);
  });

  it('still refuses metadata and unspecified addresses, without connecting', async () => {
    const trap = await startRawPeer();
    try {
      for (const [host, refusal] of [
        ['169.254.169.254', metadataRefusal],
        ['100.100.100.200', metadataRefusal],
        ['[fd00:ec2::254]', metadataRefusal],
        ['metadata.mail.test', metadataRefusal],
        ['0.0.0.0', reservedRefusal],
        ['[::]', reservedRefusal],
      ] as const) {
        const response = await post('/api/email-accounts/smtp', owner, connectBody(host, trap.port));
        expect(response.statusCode, host).toBe(400);
        expect(response.json().message).toBe(refusal(host));
      }
      expect(trap.connections()).toBe(0);
    } finally {
      await trap.stop();
    }
  });

  const mariaDbGreeting = Buffer.concat([
    Buffer.from([0x5b, 0, 0, 0, 0x0a]),
    Buffer.from('5.5.5-10.11.6-MariaDB-0+deb12u1 db-internal.corp\0'),
    Buffer.from([0x2f, 0x11, 0, 0, 0x3e, 0x21, 0x5a, 0x6b, 0, 0xfe, 0xf7, 0x2d, 0x02, 0]),
  ]);
  const peers: [string, Buffer | string, string | undefined, string[]][] = [
    ['a database (MariaDB)', mariaDbGreeting, undefined, ['MariaDB', 'db-internal', '5.5.5']],
    [
      'a web server',
      'HTTP/1.1 400 Bad Request\r\nServer: nginx/1.22.1 (admin-panel.corp)\r\n\r\n',
      undefined,
      ['HTTP', 'nginx', 'admin-panel'],
    ],
    // Greets as SMTP does, but never accepts EHLO or HELO: still not proved to speak SMTP.
    [
      'an FTP server',
      '220 ProFTPD 1.3.8 Server (files.corp)\r\n',
      '500 command not understood by files.corp\r\n',
      ['ProFTPD', 'files.corp', 'not understood'],
    ],
  ];

  it.each(peers)(
    'says %s did not answer as an SMTP server, quoting none of its bytes',
    async (_name, banner, reply, words) => {
      const peer = await startRawPeer(banner, reply);
      try {
        const response = await post('/api/email-accounts/smtp', await newUser(), connectBody('127.0.0.1', peer.port));
        expect(response.statusCode).toBe(400);
        const { message } = response.json();
        expect(message).toBe(
          `The server at 127.0.0.1 port ${peer.port} did not answer as an SMTP server: check the host, port and security.`,
        );
        for (const word of words) expect(message).not.toContain(word);
        expect(peer.connections()).toBeGreaterThan(0);
      } finally {
        await peer.stop();
      }
    },
  );

  it.each(peers)(
    'says %s did not answer as an IMAP server, quoting none of its bytes',
    async (_name, banner, reply, words) => {
      const peer = await startRawPeer(banner, reply);
      try {
        const body = connectBody(smtp.host, smtp.port, { host: '127.0.0.1', port: peer.port });
        const response = await post('/api/email-accounts/smtp', await newUser(), {
          ...body,
          smtp: { ...body.smtp, user: smtp.user, password: smtp.password },
        });
        expect(response.statusCode).toBe(400);
        const { message } = response.json();
        expect(message).toBe(
          `The server at 127.0.0.1 port ${peer.port} did not answer as an IMAP server: check the host, port and security.`,
        );
        for (const word of words) expect(message).not.toContain(word);
      } finally {
        await peer.stop();
      }
    },
  );

  it('keeps a real SMTP server’s refusal at the greeting, which says why', async () => {
    smtp.refuseGreeting(554, '5.7.1 Client host blocked using zen.spamhaus.org');
    const response = await post('/api/email-accounts/smtp', await newUser(), connectBody(smtp.host, smtp.port));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('554 5.7.1 Client host blocked using zen.spamhaus.org');
  });

  it.skipIf(dovecotUnavailable() !== null)(
    'connects a mailbox whose SMTP and IMAP servers are on 127.0.0.1',
    async () => {
      const imap = await startDovecot();
      try {
        const body = connectBody(smtp.host, smtp.port, { host: imap.host, port: imap.port });
        const response = await post('/api/email-accounts/smtp', await newUser(), {
          ...body,
          smtp: { ...body.smtp, user: smtp.user, password: smtp.password },
          imap: { ...body.imap, user: imap.user, password: imap.password },
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({ provider: 'smtp', status: 'active' });
      } finally {
        await imap.stop();
      }
    },
  );
});
