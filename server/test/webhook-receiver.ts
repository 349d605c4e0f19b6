import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  body: string;
  /** The payload as the standardwebhooks package verified it with the receiver's secret; null when it did not verify. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  /** When it arrived (Date.now()). */
  at: number;
};

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The secret to verify with (the endpoint's, once made). */
  secret: string | null;
  /** Answers the next requests with these status codes in turn, then 200. */
  answerNext(...statuses: number[]): void;
  /** Waits this long before answering each request. */
  delayMs: number;
  stop(): Promise<void>;
};

/** A webhook receiver on 127.0.0.1 that verifies each delivery's signature with the `standardwebhooks` package. */
export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  const planned: number[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    secret: null,
    answerNext: (...statuses) => planned.push(...statuses),
    delayMs: 0,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: ReceivedWebhook['verified'] = null;
      try {
        if (receiver.secret) {
          verified = new Webhook(receiver.secret).verify(body, request.headers as Record<string, string>) as never;
        }
      } catch {
        verified = null;
      }
      receiver.received.push({ headers: request.headers, body, verified, at: Date.now() });
      const status = planned.shift() ?? 200;
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'ok, thanks' : 'receiver trouble');
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
