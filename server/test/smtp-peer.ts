import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './net';

export type SmtpPeer = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Messages received, parsed, in order. */
  received: { envelopeFrom: string; envelopeTo: string[]; mail: ParsedMail }[];
  /** Makes the next `times` MAIL FROM commands fail with this SMTP code and text (e.g. 421, temporary). */
  failNextWith(code: number, text: string, times?: number): void;
  stop(): Promise<void>;
};

/** A real SMTP server on loopback (smtp-server) requiring AUTH, as a mailbox provider's would. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const port = await freePort();
  const user = 'sender@smtp.test';
  const password = 'smtp-password';
  const received: SmtpPeer['received'] = [];
  let failure: { code: number; text: string; times: number } | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      const error = Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 });
      callback(error);
    },
    onMailFrom(_address, _session, callback) {
      if (!failure) return callback();
      const error = Object.assign(new Error(failure.text), { responseCode: failure.code });
      failure.times -= 1;
      if (failure.times === 0) failure = null;
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    received,
    failNextWith(code, text, times = 1) {
      failure = { code, text, times };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
