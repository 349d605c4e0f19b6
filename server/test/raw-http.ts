import { request } from 'node:http';

/** `status` 0: the connection failed or was cut before any answer came (`body` says how). */
export type RawAnswer = { status: number; body: string; bodyBytesSent: number };

/**
 * Posts a JSON body over a plain socket, the way an attacker would: the answer is taken as soon as it comes, even
 * while the body is still being sent (fetch gives up with a broken pipe when a server answers early). With
 * `sendBytes`, only that much of the body is sent before waiting for the answer, to show what a server decides
 * before reading a body.
 */
export function rawPost(
  port: number,
  path: string,
  body: string | Buffer,
  options: { cookie?: string; sendBytes?: number; timeoutMs?: number; method?: string } = {},
): Promise<RawAnswer> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(bytes.length),
        ...(options.cookie ? { cookie: `lr_session=${options.cookie}` } : {}),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer from POST ${path} within ${options.timeoutMs ?? 60_000} ms`));
    }, options.timeoutMs ?? 60_000);
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), bodyBytesSent: sent });
        req.destroy();
      });
    });
    // A server that answers and closes before the body is in breaks the pipe: the answer, if any, still counts;
    // a connection cut before any answer is an answer of its own.
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    req.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      resolve({ status: 0, body: `no answer: ${error.message}`, bodyBytesSent: sent });
    });
    const limit = Math.min(options.sendBytes ?? bytes.length, bytes.length);
    const slice = 64 * 1024;
    const writeMore = () => {
      while (sent < limit) {
        const end = Math.min(sent + slice, limit);
        const more = req.write(bytes.subarray(sent, end));
        sent = end;
        if (!more) return void req.once('drain', writeMore);
      }
      if (limit === bytes.length) req.end();
    };
    writeMore();
  });
}
