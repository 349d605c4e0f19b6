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
const LOG_BUFFER_BYTES = 32 * 1024;
/** The most one write carries (sonic-boom asks for more than LOG_BUFFER_BYTES). */
const LOG_WRITE_BYTES = 64 * 1024;
const LOG_FLUSH_MS = 100;

/**
 * The process's logger. JSON lines go to standard output asynchronously and together: a request does not wait for
 * its log line's write, and a write carries a buffer of lines (LOG_BUFFER_BYTES) or whatever came in the last
 * LOG_FLUSH_MS, not one line each (docs/decisions/0042, 0048, 0051). pino flushes what is left synchronously when
 * the process exits; SIGKILL loses at most the lines of those last 100 ms.
 */
export function createLogger(level: string, destination?: DestinationStream) {
  if (destination) return pino({ level }, destination);
  const options = loggerOptions(level, { isTTY: Boolean(process.stdout.isTTY), nodeEnv: process.env.NODE_ENV });
  if (options.transport) return pino(options);
  return pino(options, bufferedDestination(1));
}

/**
 * Lines to a file descriptor through pino's own destination (sonic-boom), in its buffer mode: each line is kept as
 * the bytes it is and counted once. In its default mode every line is appended to one string whose UTF-8 length is
 * measured again at each line, copying the whole buffer each time (docs/decisions/0051).
 */
export function bufferedDestination(fd: number) {
  const destination = pino.destination({
    dest: fd,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    maxWrite: LOG_WRITE_BYTES,
    periodicFlush: LOG_FLUSH_MS,
    contentMode: 'buffer',
  });
  // sonic-boom's types know only its string mode; in buffer mode its write takes bytes. Looked up at each line, as
  // pino replaces it with a no-op when the reader of the log has gone (EPIPE).
  const bytes = destination as unknown as { write(line: Buffer): boolean };
  return {
    write: (line: string) => bytes.write(Buffer.from(line)),
    flush: (done?: (error?: Error) => void) => destination.flush(done),
  };
}
