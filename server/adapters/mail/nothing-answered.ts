/**
 * What the socket libraries report when nothing listens at the address or nothing took the connection in time:
 * the operating system's codes (nodemailer keeps them as originalCode, imapflow as code) and the connect timeouts.
 */
const NOTHING_ANSWERED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'CONNECT_TIMEOUT']);

type SocketFailure = { code?: unknown; originalCode?: unknown; timeoutType?: unknown };

/**
 * The plain sentence for a connection nobody answered ("Nothing answered at 127.0.0.1 port 2599: check the host
 * and port."), put before the library's own text; null for any other failure (a login, a TLS or SMTP answer).
 */
export function nothingAnsweredSentence(error: unknown, host: string, port: number): string | null {
  const failure = (error ?? {}) as SocketFailure;
  const codes = [failure.code, failure.originalCode, failure.timeoutType];
  if (!codes.some((code) => typeof code === 'string' && NOTHING_ANSWERED.has(code))) return null;
  return `Nothing answered at ${host} port ${port}: check the host and port.`;
}
