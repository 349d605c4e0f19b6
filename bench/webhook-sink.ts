/**
 * The webhooks bench's receiver, run as a child process of the bench (bench/webhooks.ts starts it through
 * `startWebhookSink`): an HTTP server on 127.0.0.1 that verifies each delivery's signature with the
 * `standardwebhooks` package, as a receiver following the Standard Webhooks documentation does, answers 204, and
 * records the delivery's `webhook-id`, its event type, its payload's `timestamp` (when the change happened) and when
 * it arrived. A process of its own, so that its work shares an event loop with neither the server nor the bench's
 * load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';

/** One delivery as it arrived. */
export type Arrival = {
  /** The `webhook-id` header: one per event, on every attempt. */
  id: string;
  /** The payload's type; '' when it did not verify. */
  type: string;
  /** The payload's `timestamp` in ms since 1970; NaN when it did not verify. */
  changedAt: number;
  /** Date.now() when its body had arrived. */
  arrivedAt: number;
  verified: boolean;
};

export type WebhookSink = {
  url: string;
  /** Verifies what comes next with this secret (the endpoint's, as POST /api/webhooks answered it). */
  verifyWith(secret: string): Promise<void>;
  /** Deliveries received since the last `take`. */
  count(): Promise<number>;
  /** The deliveries received since the last `take`, which are forgotten. */
  take(): Promise<Arrival[]>;
  stop(): Promise<void>;
};

type Question = { secret?: string; take?: boolean };
type Answer = { count?: number; arrivals?: Arrival[]; ok?: boolean };

/** Starts the receiver in a child process and answers its address. */
export function startWebhookSink(): Promise<WebhookSink> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/webhook-sink.ts'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // IPC keeps order: each answer belongs to the oldest question.
  const answers: ((answer: Answer) => void)[] = [];
  const ask = (question: Question) =>
    new Promise<Answer>((answer) => {
      answers.push(answer);
      child.send(question);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the webhook receiver exited (${code})`)));
    child.once('message', ({ url }: { url: string }) => {
      child.on('message', (message: Answer) => answers.shift()?.(message));
      resolve({
        url,
        verifyWith: async (secret) => {
          await ask({ secret });
        },
        count: async () => (await ask({})).count ?? 0,
        take: async () => (await ask({ take: true })).arrivals ?? [],
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function serve() {
  let webhook: Webhook | null = null;
  let arrivals: Arrival[] = [];
  /** The payload when the signature verifies with the secret (none yet: nothing verifies). */
  const verified = (body: string, headers: Record<string, string>) => {
    try {
      return webhook ? (webhook.verify(body, headers) as { type: string; timestamp: string }) : null;
    } catch {
      return null;
    }
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrivedAt = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      const payload = verified(body, request.headers as Record<string, string>);
      arrivals.push({
        id,
        type: payload?.type ?? '',
        changedAt: payload ? Date.parse(payload.timestamp) : Number.NaN,
        arrivedAt,
        verified: payload !== null,
      });
      // A receiver that cannot verify a delivery refuses it (the sender tries again later).
      response.writeHead(payload ? 204 : 401);
      response.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  process.on('message', (question: Question) => {
    if (question.secret) {
      webhook = new Webhook(question.secret);
      process.send?.({ ok: true });
    } else if (question.take) {
      process.send?.({ arrivals });
      arrivals = [];
    } else {
      process.send?.({ count: arrivals.length });
    }
  });
  // The bench ended (or died): so does its receiver.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
}

if (process.send && import.meta.url === pathToFileURL(process.argv[1]).href) await serve();
