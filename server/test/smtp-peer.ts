import type { Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './net';
import { loopbackSmtpOptions } from './smtp-server-options';

export type SmtpPeer = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Messages received, parsed, in order. */
  received: { envelopeFrom: string; envelopeTo: string[]; mail: ParsedMail }[];
  /** Makes the next `times` MAIL FROM commands fail with this SMTP code and text (e.g. 421, temporary). */
  failNextWith(code: number, text: string, times?: number): void;
  /** Makes RCPT TO of `address` fail with this SMTP code and text, the next `times` times (whatever the order). */
  failRecipient(address: string, code: number, text: string, times?: number): void;
  /** Stops refusing `address` at RCPT TO. */
  acceptRecipient(address: string): void;
  /** Takes the next message to `address` in full, then drops the connection instead of answering it. */
  dropAfterData(address: string): void;
  /** Takes the next `times` messages to `address` in full, then refuses them with this code and text. */
  failData(address: string, code: number, text: string, times?: number): void;
  /** Greets the next `times` connections with this code and text instead of 220, and closes them. */
  refuseGreeting(code: number, text: string, times?: number): void;
  /** Waits this long before greeting each new connection, as an overloaded server does. */
  greetingDelayMs: number;
  stop(): Promise<void>;
};

type PlannedFailure = { code: number; text: string; times: number };

/** The failure planned for `address`, counted as used (and forgotten once used up). */
function takePlanned(plans: Map<string, PlannedFailure>, address: string): PlannedFailure | undefined {
  const planned = plans.get(address);
  if (!planned) return undefined;
  planned.times -= 1;
  if (planned.times === 0) plans.delete(address);
  return planned;
}

/**
 * A real SMTP server on loopback (smtp-server) requiring AUTH, as a mailbox provider's would. `offerStarttls`: it
 * also offers STARTTLS, with smtp-server's self-signed certificate, which a client that upgrades refuses.
 */
export async function startSmtpPeer({ offerStarttls = false } = {}): Promise<SmtpPeer> {
  const port = await freePort();
  const user = 'sender@smtp.test';
  const password = 'smtp-password';
  const received: SmtpPeer['received'] = [];
  let failure: { code: number; text: string; times: number } | null = null;
  const recipientFailures = new Map<string, PlannedFailure>();
  const dropsAfterData = new Set<string>();
  const dataFailures = new Map<string, PlannedFailure>();
  let greetingRefusal: PlannedFailure | null = null;
  const sockets = new Map<number | undefined, Socket>();
  const server = new SMTPServer({
    ...loopbackSmtpOptions,
    ...(offerStarttls && { disabledCommands: [] }),
    onConnect(_session, callback) {
      const refusal = greetingRefusal;
      if (refusal) {
        refusal.times -= 1;
        if (refusal.times === 0) greetingRefusal = null;
        return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      }
      setTimeout(() => callback(), peer.greetingDelayMs);
    },
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
    onRcptTo(address, _session, callback) {
      const planned = takePlanned(recipientFailures, address.address);
      if (!planned) return callback();
      callback(Object.assign(new Error(planned.text), { responseCode: planned.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          // A refused message was read in full but not taken: it is not among the received.
          const refused = session.envelope.rcptTo.map((rcpt) => takePlanned(dataFailures, rcpt.address)).find(Boolean);
          if (refused) return callback(Object.assign(new Error(refused.text), { responseCode: refused.code }));
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail,
          });
          const dropped = session.envelope.rcptTo.find((rcpt) => dropsAfterData.delete(rcpt.address));
          if (dropped) return sockets.get(session.remotePort)?.destroy();
          callback();
        })
        .catch(callback);
    },
  });
  server.server.on('connection', (socket: Socket) => sockets.set(socket.remotePort, socket));
  // A client that dies mid-session (a killed worker) resets its connection: that is not the peer's failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const peer: SmtpPeer = {
    host: '127.0.0.1',
    port,
    user,
    password,
    received,
    failNextWith(code, text, times = 1) {
      failure = { code, text, times };
    },
    failRecipient(address, code, text, times = 1) {
      recipientFailures.set(address, { code, text, times });
    },
    acceptRecipient(address) {
      recipientFailures.delete(address);
    },
    dropAfterData(address) {
      dropsAfterData.add(address);
    },
    failData(address, code, text, times = 1) {
      dataFailures.set(address, { code, text, times });
    },
    refuseGreeting(code, text, times = 1) {
      greetingRefusal = { code, text, times };
    },
    greetingDelayMs: 0,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
