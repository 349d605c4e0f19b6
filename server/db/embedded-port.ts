import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The port of the last start when it is still free (what a person may have noted), else one the system gives. */
export async function portFor(portFile: string): Promise<number> {
  try {
    const last = Number(readFileSync(portFile, 'utf8').trim());
    if (Number.isInteger(last) && last > 0 && (await canListen(last))) return last;
  } catch {
    // No earlier start.
  }
  return freePort();
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
