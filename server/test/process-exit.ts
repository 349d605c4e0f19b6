import type { ChildProcess } from 'node:child_process';

/** How a process ended, and how long after the signal. */
export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null; afterMs: number };

/**
 * Sends `signal` to a server process and answers once it has exited (at once when it already had, whether by an
 * exit code or a signal). Rejects when it is still running after `timeoutMs`, and kills it then.
 */
export function signalAndWait(child: ChildProcess, signal: NodeJS.Signals, timeoutMs = 30_000): Promise<ProcessExit> {
  const sentAt = Date.now();
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode, afterMs: 0 });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Process ${child.pid} was still running ${timeoutMs} ms after ${signal}`));
    }, timeoutMs);
    child.once('exit', (code, exitSignal) => {
      clearTimeout(timer);
      resolve({ code, signal: exitSignal, afterMs: Date.now() - sentAt });
    });
    child.kill(signal);
  });
}
