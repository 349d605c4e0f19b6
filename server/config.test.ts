import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'lr-config-'));

describe('loadConfig', () => {
  it('has working defaults and generates secrets into DATA_DIR once', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 5000, role: 'all', publicUrl: 'http://localhost:5000', secureCookies: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.encryptionKey).toHaveLength(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(config.sessionSecret);
    expect(statSync(path.join(dataDir, 'encryption-key')).mode & 0o777).toBe(0o600);

    const again = loadConfig({ DATA_DIR: dataDir });
    expect(again.sessionSecret).toBe(config.sessionSecret);
    expect(again.encryptionKey.equals(config.encryptionKey)).toBe(true);
  });

  it('uses the secrets and URLs it is given', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      PUBLIC_URL: 'https://reach.example.com/',
      SESSION_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'ab'.repeat(32),
      DATABASE_URL: 'postgres://app@db:5432/reach',
      ROLE: 'worker',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://reach.example.com',
      secureCookies: true,
      sessionSecret: 'x'.repeat(32),
      role: 'worker',
      databaseUrl: 'postgres://app@db:5432/reach',
    });
    expect(config.encryptionKey.toString('hex')).toBe('ab'.repeat(32));
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: 'abc', PUBLIC_URL: 'not a url', ENCRYPTION_KEY: 'short', ROLE: 'cook' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid environment:/);
    expect(message).toMatch(/- PORT: /);
    expect(message).toMatch(/- PUBLIC_URL: must be an absolute URL/);
    expect(message).toMatch(/- ENCRYPTION_KEY: must be 64 hex characters/);
    expect(message).toMatch(/- ROLE: /);
  });

  it('lets web and worker processes share the embedded database in DATA_DIR, without DATABASE_URL', () => {
    const dataDir = tempDir();
    for (const role of ['web', 'worker'] as const) {
      expect(loadConfig({ DATA_DIR: dataDir, ROLE: role })).toMatchObject({ role, dataDir, databaseUrl: undefined });
    }
  });

  it('reads the lead finder settings: loopback only with 1, DNS servers as a list', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      leadFinderAllowLoopback: false,
      dnsServers: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), LEAD_FINDER_ALLOW_LOOPBACK: '1', DNS_SERVERS: '1.1.1.1, 9.9.9.9:53' }),
    ).toMatchObject({ leadFinderAllowLoopback: true, dnsServers: ['1.1.1.1', '9.9.9.9:53'] });
    expect(() => loadConfig({ DATA_DIR: tempDir(), LEAD_FINDER_ALLOW_LOOPBACK: 'yes' })).toThrow(
      /- LEAD_FINDER_ALLOW_LOOPBACK: must be 1 \(tests only\) or 0/,
    );
  });

  it('reads the system mailbox and the From of its mails', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).systemMail).toBeUndefined();
    const base = { DATA_DIR: tempDir(), PUBLIC_URL: 'https://reach.example.com' };
    expect(loadConfig({ ...base, SYSTEM_SMTP_URL: 'smtp://relay.example.com:25' }).systemMail).toEqual({
      smtpUrl: 'smtp://relay.example.com:25',
      from: 'LocalReach <no-reply@reach.example.com>',
    });
    const withUser = 'smtps://alerts%40example.com:secret@smtp.example.com:465';
    expect(loadConfig({ ...base, SYSTEM_SMTP_URL: withUser }).systemMail?.from).toBe('LocalReach <alerts@example.com>');
    expect(
      loadConfig({ ...base, SYSTEM_SMTP_URL: withUser, SYSTEM_MAIL_FROM: 'Reach <hi@example.com>' }).systemMail?.from,
    ).toBe('Reach <hi@example.com>');
    expect(() => loadConfig({ ...base, SYSTEM_SMTP_URL: 'mail.example.com' })).toThrow(
      /- SYSTEM_SMTP_URL: must be an SMTP URL such as smtp:\/\/user:pass@smtp.example.com:587/,
    );
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '' });
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
  });
});
