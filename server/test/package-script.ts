import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs an npm script of package.json (`npm run backup …`) as npm does: its command in the project folder with the
 * arguments appended, node being this node. `onSpawn` gets the process (the benches watch its memory).
 */
export function runPackageScript(
  name: string,
  args: string[],
  env: Record<string, string>,
  onSpawn?: (child: ChildProcess) => void,
): Promise<ScriptRun> {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const [command, ...scriptArgs] = scripts[name].split(/\s+/);
  if (command !== 'node') throw new Error(`npm run ${name} does not start node: ${scripts[name]}`);
  const child = spawn(process.execPath, [...scriptArgs, ...args], {
    env: { ...process.env, INIT_CWD: process.cwd(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onSpawn?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
