// `npm start`'s first step (scripts/start.sh): prints the path of the Node.js the app runs on. The one running this
// when it is new enough (package.json's `engines`); else the official build of package.json's `nodeRuntime` for
// this platform from the npm registry (the `node-<os>-<cpu>` packages .ci/run uses too), fetched once into
// node_modules/.cache, with one line saying so. Where the registry has no build for this platform it stops with one
// line naming the version needed. Written for Node.js 20, the oldest a machine is expected to bring.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const minimumMajor = Number(/\d+/.exec(pkg.engines.node)[0]);
const wanted = pkg.nodeRuntime;
// Test-only settings (server/node-runtime.test.ts): the version this Node.js claims, and where fetched builds go.
const runningVersion = process.env.LOCALREACH_TEST_NODE_VERSION || process.versions.node;
const cacheDir = process.env.LOCALREACH_TEST_NODE_CACHE || path.join(root, 'node_modules', '.cache', 'localreach-node');

const say = (line) => process.stderr.write(`${line}\n`);
const stop = (line) => {
  say(line);
  process.exit(1);
};

if (Number(runningVersion.split('.')[0]) >= minimumMajor) {
  process.stdout.write(`${process.execPath}\n`);
  process.exit(0);
}

const needed = `LocalReach needs Node.js ${minimumMajor} or newer (${wanted} recommended); this is Node.js ${runningVersion}`;
const os = { linux: 'linux', darwin: 'darwin' }[process.platform];
if (!os) stop(`${needed}. Install Node.js ${wanted} from https://nodejs.org and run npm start again.`);
const packageName = `node-${os}-${process.arch}`;
const home = path.join(cacheDir, `${packageName}-${wanted}`);
const binary = path.join(home, 'bin', 'node');

if (!existsSync(binary)) {
  // npm itself asks the registry and fetches, with the user's registry, proxy and certificates.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const runNpm = (args, cwd) =>
    execFileSync(npm[0], [...npm.slice(1), ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const unreachable = (error) =>
    stop(
      `${needed}, and Node.js ${wanted} could not be fetched from the npm registry (${firstLine(`${error.stderr ?? ''}`) || error.message}): install it from https://nodejs.org.`,
    );
  let published = '';
  try {
    published = runNpm(['view', `${packageName}@${wanted}`, 'version'], root).trim();
  } catch (error) {
    if (!/E404|404 Not Found/i.test(`${error.stderr ?? ''}`)) unreachable(error);
  }
  if (published !== wanted) {
    stop(
      `${needed}, and the npm registry has no Node.js ${wanted} for ${os}-${process.arch}: install it from https://nodejs.org.`,
    );
  }
  say(`${needed}: fetching Node.js ${wanted} (${packageName}) from the npm registry, once…`);
  const partial = `${home}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const packed = runNpm(['pack', '--silent', `${packageName}@${wanted}`], partial).trim();
    execFileSync('tar', ['xzf', packed, '--strip-components=1'], { cwd: partial, stdio: 'ignore' });
    rmSync(path.join(partial, packed));
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    unreachable(error);
  }
  rmSync(home, { recursive: true, force: true });
  renameSync(partial, home);
}

say(
  `Running on Node.js ${wanted} from the npm registry (${packageName}): this machine's Node.js ${runningVersion} is older than LocalReach needs.`,
);
process.stdout.write(`${binary}\n`);

function firstLine(text) {
  return (
    text
      .split('\n')
      .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
      .find(Boolean) ?? ''
  );
}
