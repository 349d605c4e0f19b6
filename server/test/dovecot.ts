import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import type { ServerSettings } from '../../contract/accounts';
import { freePort } from './net';

const DOVECOT = '/usr/sbin/dovecot';

export type DovecotServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** An IMAP client signed in to the mailbox, as the prospect's side that appends mail to it. */
  connectClient(): Promise<ImapFlow>;
  stop(): Promise<void>;
};

/** How an account reaches the mailbox: plain IMAP on loopback, with its user's password. */
export function imapSettings(imap: DovecotServer): ServerSettings {
  return { host: imap.host, port: imap.port, secure: false, user: imap.user, password: imap.password };
}

/**
 * Why Dovecot cannot run here, or null when it can. The reason is printed, since the suites that need it skip;
 * under REQUIRE_ALL=1 (CI) a missing Dovecot is an error instead.
 */
export function dovecotUnavailable(): string | null {
  let reason: string | null = null;
  if (!existsSync(DOVECOT)) reason = 'Dovecot is not installed (apt-get install -y dovecot-imapd)';
  else if (!hasUser('vmail') && process.getuid?.() !== 0) reason = 'the "vmail" system user is missing';
  if (reason && process.env.REQUIRE_ALL === '1') throw new Error(`IMAP tests cannot run: ${reason}`);
  if (reason) console.warn(`Skipping IMAP tests: ${reason}`);
  return reason;
}

/** Starts a private Dovecot IMAP server on a free loopback port with one passwd-file user and a Maildir. */
export async function startDovecot(): Promise<DovecotServer> {
  if (!hasUser('vmail'))
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'vmail']);
  const root = mkdtempSync(path.join(tmpdir(), 'lr-dovecot-'));
  chmodSync(root, 0o755);
  const port = await freePort();
  const user = 'mailbox@imap.test';
  const password = 'imap-password';
  const usersFile = path.join(root, 'users');
  writeFileSync(usersFile, `${user}:{PLAIN}${password}\n`);
  chownSync(usersFile, 0, groupId('dovecot'));
  chmodSync(usersFile, 0o640);
  const mailRoot = path.join(root, 'mail');
  mkdirSync(mailRoot);
  const vmail = Number(execFileSync('id', ['-u', 'vmail']).toString().trim());
  chownSync(mailRoot, vmail, vmail);
  const config = path.join(root, 'dovecot.conf');
  writeFileSync(
    config,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${usersFile}
}
userdb {
  driver = static
  args = uid=vmail gid=vmail home=${mailRoot}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', config], { stdio: 'ignore' });
  await waitForPort(port);
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    async connectClient() {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user, pass: password },
        logger: false,
      });
      await client.connect();
      return client;
    },
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function groupId(name: string): number {
  return Number(execFileSync('getent', ['group', name]).toString().split(':')[2]);
}

async function waitForPort(port: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Dovecot did not listen on ${port}`);
}
