import { type ChildProcess, spawn } from 'node:child_process';

const running: ChildProcess[] = [];

/** Stops every server this test file started; call it from `afterEach`. */
export async function stopAllServers(): Promise<void> {
  await Promise.all(running.splice(0).map(stopProcess));
}

/**
 * The real entry point in a child process: server/main.ts by default, a built bundle (`dist/server/main.mjs`), which
 * needs no TypeScript loader, or `scripts/start-server.sh`, which runs the bundle with `npm start`'s node flags.
 */
export function startServer(
  env: Record<string, string>,
  entry = 'server/main.ts',
): { child: ChildProcess; output: () => string } {
  let output = '';
  const [command, args] = entry.endsWith('.sh')
    ? ['sh', [entry]]
    : [process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry]];
  const child = spawn(command, args, {
    // The shell script runs the node that npm names to scripts: this one.
    env: { ...process.env, LOG_LEVEL: 'info', npm_node_execpath: process.execPath, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  running.push(child);
  return { child, output: () => output };
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  // A child killed by a signal has no exit code, only the signal.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
