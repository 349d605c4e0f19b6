/**
 * The campaign bench's SMTP peer, run as a child process of the bench (bench/campaign.ts starts it through
 * `startSmtpSink`): the recording peer of the crash tests (accepts every login and mail, counts them). A process
 * of its own, so that the engine (in the server process) and the raw-nodemailer baseline (in the bench process)
 * both talk to a peer that does not share their event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { startRecordingSmtpPeer } from '../server/test/recording-smtp-peer';

type SinkAddress = { host: string; port: number; user: string; password: string };

export type SmtpSink = SinkAddress & {
  /** Mails received so far. */
  count(): Promise<number>;
  /** The Message-IDs of the last `n` mails received, newest last. */
  recentMessageIds(n: number): Promise<string[]>;
  stop(): Promise<void>;
};

type SinkAnswer = { count?: number; messageIds?: string[] };

/** Starts the sink in a child process and answers its address. */
export function startSmtpSink(): Promise<SmtpSink> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/smtp-sink.ts'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // IPC keeps order: each answer belongs to the oldest question.
  const answers: ((answer: SinkAnswer) => void)[] = [];
  child.on('message', (message: SinkAnswer) => {
    if (message.count !== undefined || message.messageIds) answers.shift()?.(message);
  });
  const ask = (question: { recent?: number }) =>
    new Promise<SinkAnswer>((answer) => {
      answers.push(answer);
      child.send(question);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
    child.once('message', (address: SinkAddress) =>
      resolve({
        ...address,
        count: async () => (await ask({})).count ?? 0,
        recentMessageIds: async (n) => (await ask({ recent: n })).messageIds ?? [],
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
  });
}

async function serve() {
  const peer = await startRecordingSmtpPeer();
  process.on('message', (question: { recent?: number }) =>
    process.send?.(
      question.recent === undefined
        ? { count: peer.messages.length }
        : { messageIds: peer.messages.slice(-question.recent).map((message) => message.messageId) },
    ),
  );
  // The bench ended (or died): so does its peer.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ host: peer.host, port: peer.port, user: peer.user, password: peer.password });
}

if (process.send && import.meta.url === pathToFileURL(process.argv[1]).href) await serve();
