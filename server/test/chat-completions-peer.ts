import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions request as the peer received it. */
export type ChatRequest = {
  path: string;
  /** The Authorization header it came with. */
  authorization: string | undefined;
  model: string;
  response_format: { type: string; json_schema?: { name: string; schema: unknown } };
  messages: { role: string; content: string }[];
};

/** How the peer answers one request: with a message's content, an error status, or not at all. */
export type ChatBehaviour = { content: string } | { status: number; message: string } | 'never';
/** One behaviour for every request, or one chosen for each request from what it asks. */
export type ChatAnswering = ChatBehaviour | ((request: ChatRequest) => ChatBehaviour);

/**
 * A local server speaking OpenAI's chat-completions contract (POST {base}/chat/completions), answering each request
 * as `behaviour` says (after `delayMs`), and keeping what it received.
 */
export async function startChatCompletionsPeer() {
  const requests: ChatRequest[] = [];
  const peer = {
    behaviour: { content: '{}' } as ChatAnswering,
    delayMs: 0,
    requests,
    url: '',
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const request: ChatRequest = {
        ...JSON.parse(raw || '{}'),
        path: req.url,
        authorization: req.headers.authorization,
      };
      requests.push(request);
      const behaviour = typeof peer.behaviour === 'function' ? peer.behaviour(request) : peer.behaviour;
      if (behaviour === 'never') return;
      setTimeout(() => answer(res, behaviour), peer.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return peer;
}

function answer(res: ServerResponse, behaviour: Exclude<ChatBehaviour, 'never'>) {
  const status = 'status' in behaviour ? behaviour.status : 200;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      'status' in behaviour
        ? { error: { message: behaviour.message, type: 'invalid_request_error' } }
        : {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'local-model',
            choices: [{ index: 0, message: { role: 'assistant', content: behaviour.content }, finish_reason: 'stop' }],
          },
    ),
  );
}
