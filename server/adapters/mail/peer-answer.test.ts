import { describe, expect, it } from 'vitest';
import { imapFailure, unprovenSmtpFailure } from './peer-answer';

const server = { host: 'mail.example.com', port: 465 };

/** Node's error for a trusted certificate issued to other names: the names are the peer's words. */
const otherNames = Object.assign(
  new Error(
    "Hostname/IP does not match certificate's altnames: Host: mail.example.com. is not in the cert's altnames: DNS:vault.internal.corp",
  ),
  { code: 'ESOCKET', originalCode: 'ERR_TLS_CERT_ALTNAME_INVALID' },
);

describe('what an SMTP peer said, before it proved to speak SMTP', () => {
  it('keeps out anything said before EHLO or HELO was accepted', () => {
    for (const failure of [
      { command: 'CONN', response: 'HTTP/1.1 400 Bad Request' },
      { command: 'HELO', response: '500 command not understood by files.corp' },
      { response: 'J\u0000\u0000\u0000' },
    ]) {
      expect(unprovenSmtpFailure(failure, server)?.message).toBe(
        'The server at mail.example.com port 465 did not answer as an SMTP server: check the host, port and security.',
      );
    }
  });

  it('leaves the usual message to a server past EHLO, a greeting refusal, and the library’s own words', () => {
    expect(unprovenSmtpFailure({ command: 'AUTH PLAIN', response: '535 5.7.8 Bad login' }, server)).toBeNull();
    expect(unprovenSmtpFailure({ command: 'CONN', response: '554 5.7.1 Client host blocked' }, server)).toBeNull();
    expect(unprovenSmtpFailure({ command: 'CONN', response: '421 4.3.2 Not available' }, server)).toBeNull();
    expect(unprovenSmtpFailure({ command: 'CONN' }, server)).toBeNull();
  });

  it('names no host a certificate names', () => {
    expect(unprovenSmtpFailure(otherNames, server)?.message).toBe(
      "The SMTP server's certificate is not valid for mail.example.com: use the host name your mail provider gives.",
    );
  });
});

describe('what an IMAP peer said, before it greeted as an IMAP server', () => {
  const refused = Object.assign(new Error('Command failed'), { responseText: 'Mailbox locked by vault.internal' });

  it('quotes a server that greeted, and nothing before a greeting', () => {
    expect(imapFailure(refused, { greeting: 'Dovecot ready.' }, server, 'IMAP check failed').message).toBe(
      'IMAP check failed: Mailbox locked by vault.internal',
    );
    expect(imapFailure(refused, { byeReason: 'Too many connections' }, server, 'IMAP check failed').message).toBe(
      'IMAP check failed: Mailbox locked by vault.internal',
    );
    expect(imapFailure(refused, {}, server, 'IMAP check failed').message).toBe(
      'The server at mail.example.com port 465 did not answer as an IMAP server: check the host, port and security.',
    );
  });

  it('keeps certificate errors, which come before any greeting, without the names a certificate carries', () => {
    const selfSigned = Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(imapFailure(selfSigned, {}, server, 'IMAP check failed')).toMatchObject({
      message: "IMAP check failed: the IMAP server's certificate was not accepted (it is self-signed).",
      operatorDetail: 'IMAP: self-signed certificate',
    });
    expect(imapFailure(otherNames, {}, server, 'IMAP check failed').message).toBe(
      "The IMAP server's certificate is not valid for mail.example.com: use the host name your mail provider gives.",
    );
  });

  it('says in words that nothing answered or the connection failed; the library’s text is the operator’s', () => {
    const refusedPort = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:993'), { code: 'ECONNREFUSED' });
    expect(imapFailure(refusedPort, {}, server, 'IMAP check failed')).toMatchObject({
      kind: 'temporary',
      message: 'Nothing answered at mail.example.com port 465: check the host and port.',
      operatorDetail: 'IMAP: connect ECONNREFUSED 127.0.0.1:993',
    });
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(imapFailure(reset, { greeting: 'ready' }, server, 'Could not read the INBOX')).toMatchObject({
      kind: 'temporary',
      message: 'Could not read the INBOX: the connection to the IMAP server failed.',
      operatorDetail: 'IMAP: read ECONNRESET',
    });
  });

  it('says a refused login is an authentication failure', () => {
    const login = Object.assign(new Error('Authentication failed'), {
      authenticationFailed: true,
      responseText: 'Invalid credentials',
    });
    expect(imapFailure(login, { greeting: 'ready' }, server, 'IMAP check failed')).toMatchObject({
      kind: 'auth',
      message: 'IMAP login failed: Invalid credentials',
    });
  });
});
