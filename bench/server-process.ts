import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * `npm start` (package.json): one shell script that builds what is stale, then execs the server with its node flags
 * (scripts/start.sh), so that the benches measure the server as it is run.
 */
function startCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const command = scripts.start.split(/\s+/);
  if (command.join(' ') !== 'sh scripts/start.sh') {
    throw new Error(`Cannot read the server's command from package.json's start script: ${scripts.start}`);
  }
  return command;
}

/**
 * Starts the server as `npm start` runs it (built first where its sources are newer), in its own process, and waits
 * until it answers on `base`. `quiet` sends its standard output (the log) to /dev/null, for benches that leave the
 * request log on.
 */
export function startServer(
  base: string,
  env: Record<string, string>,
  options: { quiet?: boolean } = {},
): Promise<ChildProcess> {
  // The script builds, then execs node (npm's own, as npm names it to scripts): the child's pid is the server's.
  const [shell, ...script] = startCommand();
  const child = spawn(shell, script, {
    env: { ...process.env, ...env, npm_node_execpath: process.execPath },
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
