import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The node arguments of `npm start` (package.json), so that the benches measure the server as it is run. */
function startArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const command = scripts.start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  if (command[0] !== 'node' || command.at(-1) !== 'server/main.ts') {
    throw new Error(`Cannot read the server's command from package.json's start script: ${scripts.start}`);
  }
  return command.slice(1);
}

/**
 * Starts server/main.ts as `npm start` runs it, in its own process, and waits until it answers on `base`. `quiet`
 * sends its standard output (the log) to /dev/null, for benches that leave the request log on.
 */
export function startServer(
  base: string,
  env: Record<string, string>,
  options: { quiet?: boolean } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, startArguments(), {
    env: { ...process.env, ...env },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return resolve(child);
      if (Date.now() > deadline || child.exitCode !== null) return reject(new Error('server did not start'));
      setTimeout(poll, 200);
    };
    poll();
  });
}

export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
