import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { appRoot } from './lib/app-root';

// scripts/node-runtime.mjs, npm start's first step, against a local npm registry that serves the node-<os>-<cpu>
// package as the registry does (a packument, then the tarball). The Node.js running the test claims an old
// version through the script's test-only setting.
const pkg = JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8'));
const wanted: string = pkg.nodeRuntime;
const os = process.platform === 'darwin' ? 'darwin' : 'linux';
const packageName = `node-${os}-${process.arch}`;
const work = mkdtempSync(path.join(tmpdir(), 'lr-node-runtime-'));

// The package's tarball: a bin/node that answers --version as the real one would.
mkdirSync(path.join(work, 'package', 'bin'), { recursive: true });
writeFileSync(path.join(work, 'package', 'bin', 'node'), `#!/bin/sh\necho v${wanted}\n`, { mode: 0o755 });
writeFileSync(path.join(work, 'package', 'package.json'), JSON.stringify({ name: packageName, version: wanted }));
execFileSync('tar', ['czf', 'package.tgz', 'package'], { cwd: work });
const tarball = readFileSync(path.join(work, 'package.tgz'));

let publishes = true;
const requests: string[] = [];
const registry = createServer((request, response) => {
  const url = request.url ?? '';
  requests.push(url);
  const base = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  if (publishes && url === `/${packageName}`) {
    const dist = {
      tarball: `${base}/${packageName}/-/${packageName}-${wanted}.tgz`,
      shasum: createHash('sha1').update(tarball).digest('hex'),
      integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
    };
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        name: packageName,
        'dist-tags': { latest: wanted },
        versions: { [wanted]: { name: packageName, version: wanted, dist } },
      }),
    );
    return;
  }
  if (publishes && url === `/${packageName}/-/${packageName}-${wanted}.tgz`) {
    response.end(tarball);
    return;
  }
  response.statusCode = 404;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ error: 'Not found' }));
});
await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
const registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;

afterAll(async () => {
  await new Promise((resolve) => registry.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

let cache: string;
beforeEach(() => {
  cache = mkdtempSync(path.join(work, 'cache-'));
  requests.length = 0;
  publishes = true;
});

async function nodeRuntime(claimedVersion?: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOCALREACH_TEST_NODE_CACHE: cache,
    npm_config_registry: registryUrl,
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_prefer_online: 'true',
  };
  if (claimedVersion) env.LOCALREACH_TEST_NODE_VERSION = claimedVersion;
  else delete env.LOCALREACH_TEST_NODE_VERSION;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/node-runtime.mjs'], {
      cwd: appRoot,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('scripts/node-runtime.mjs (npm start on the Node.js a machine brings)', () => {
  it('runs on the Node.js that runs it when it is new enough, saying nothing', async () => {
    expect(await nodeRuntime()).toEqual({ code: 0, stdout: `${process.execPath}\n`, stderr: '' });
    expect(requests).toEqual([]);
  });

  it('fetches the pinned Node.js once from the npm registry on an older one, says so in one line, then reuses it', async () => {
    const binary = path.join(cache, `${packageName}-${wanted}`, 'bin', 'node');
    const first = await nodeRuntime('20.20.2');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`${binary}\n`);
    const running = `Running on Node.js ${wanted} from the npm registry (${packageName}): this machine's Node.js 20.20.2 is older than LocalReach needs.`;
    expect(first.stderr.trim().split('\n')).toEqual([
      `LocalReach needs Node.js 22 or newer (${wanted} recommended); this is Node.js 20.20.2: fetching Node.js ${wanted} (${packageName}) from the npm registry, once…`,
      running,
    ]);
    expect(requests).toContain(`/${packageName}/-/${packageName}-${wanted}.tgz`);
    expect(execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${wanted}`);

    requests.length = 0;
    expect(await nodeRuntime('20.20.2')).toEqual({ code: 0, stdout: `${binary}\n`, stderr: `${running}\n` });
    expect(requests).toEqual([]);
  });

  it('stops with one line naming the version needed where the registry has no build for this platform', async () => {
    publishes = false;
    const result = await nodeRuntime('20.20.2');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `LocalReach needs Node.js 22 or newer (${wanted} recommended); this is Node.js 20.20.2, and the npm registry has no Node.js ${wanted} for ${os}-${process.arch}: install it from https://nodejs.org.\n`,
    );
  });
});
