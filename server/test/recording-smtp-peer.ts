import { SMTPServer } from 'smtp-server';
import { freePort } from './net';
import { loopbackSmtpOptions } from './smtp-server-options';

/** A message as the peer got it: recorded once its data arrived, before the peer answers. */
export type RecordedMessage = { messageId: string; to: string[] };

export type RecordingSmtpPeer = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Every message whose data arrived, in order: also those whose answer is still held back or delayed. */
  messages: RecordedMessage[];
  /** Messages whose data arrived and that the peer has not answered yet: the mails in flight. */
  unanswered(): number;
  /** Waits this long before answering each message, as a slow provider does. */
  answerDelayMs: number;
  /** Answers no message until `release`: the sender keeps each mail in flight for as long as the test needs. */
  hold(): void;
  release(): void;
  stop(): Promise<void>;
};

/**
 * A real SMTP server on loopback (smtp-server) accepting any login, which records the Message-ID and recipients of
 * each message it receives (without parsing the body, so hundreds of mails stay cheap), for crash and shutdown tests
 * that count what a provider got.
 */
export async function startRecordingSmtpPeer(): Promise<RecordingSmtpPeer> {
  const port = await freePort();
  const messages: RecordedMessage[] = [];
  let unanswered = 0;
  let held: (() => void)[] | null = null;
  const peer: RecordingSmtpPeer = {
    host: '127.0.0.1',
    port,
    user: 'sender@smtp.test',
    password: 'smtp-password',
    messages,
    unanswered: () => unanswered,
    answerDelayMs: 0,
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    ...loopbackSmtpOptions,
    // Connections a killed sender left open do not keep `stop` waiting.
    closeTimeout: 1000,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        const header = data.slice(0, data.search(/\r?\n\r?\n/));
        messages.push({
          messageId: /^message-id:\s*(\S+)/im.exec(header)?.[1] ?? '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        unanswered += 1;
        const answer = () => {
          unanswered -= 1;
          callback();
        };
        const answerLater = () => setTimeout(answer, peer.answerDelayMs);
        if (held) held.push(answerLater);
        else answerLater();
      });
    },
  });
  // A killed sender resets its connections: normal here, not an error of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return peer;
}
