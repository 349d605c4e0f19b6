import { createRequire } from 'node:module';
import { type DestinationStream, type LoggerOptions, pino } from 'pino';

/**
 * How the process logs: pretty and coloured lines (pino-pretty, a development dependency) when a person watches a
 * terminal outside production, JSON lines otherwise (for log collectors). Without pino-pretty installed (a
 * production install) it is JSON whatever the terminal.
 */
export function loggerOptions(level: string, terminal: { isTTY: boolean; nodeEnv?: string }): LoggerOptions {
  const pretty = terminal.isTTY && terminal.nodeEnv !== 'production' && prettyInstalled();
  if (!pretty) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
    },
  };
}

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Log lines wait for this many bytes, or for LOG_FLUSH_MS, before they are written out together. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 100;

/**
 * The process's logger. JSON lines go to standard output asynchronously and together: a request does not wait for
 * its log line's write, and a write carries a buffer of lines (LOG_BUFFER_BYTES) or whatever came in the last
 * LOG_FLUSH_MS, not one line each (docs/decisions/0042, 0048: a write per line cost a third of the server's
 * requests a second). pino flushes what is left synchronously when the process exits; SIGKILL loses at most those
 * last lines.
 */
export function createLogger(level: string, destination?: DestinationStream) {
  if (destination) return pino({ level }, destination);
  const options = loggerOptions(level, { isTTY: Boolean(process.stdout.isTTY), nodeEnv: process.env.NODE_ENV });
  if (options.transport) return pino(options);
  return pino(
    options,
    pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}
