import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium';
import { e2eDataDir } from './tests/e2e/data-dirs';
import { adminUser, supportEmail } from './tests/e2e/global-setup';
import { E2E_INVITE_ONLY_PORT, inviteOnlyURL } from './tests/e2e/invite-only';
import { E2E_POSTGRES_PORT } from './tests/e2e/postgres-database';
import { E2E_HOSTILE_AI_PORT } from './tests/e2e/xss-payloads';

/** The lead finder's fixtures (tests/e2e/lead-finder-fixtures.ts): Nominatim + Overpass, and business websites. */
const leadFinderFixtures = `http://127.0.0.1:${Number(process.env.LEAD_FINDER_FIXTURE_PORT ?? 5192)}`;

/** The DNS server of the main test server (tests/e2e/dns-fixture.ts), with its health page on the next port. */
const dnsPort = Number(process.env.E2E_DNS_PORT ?? 5194);

/** Where the main test server's system mailbox sends (SYSTEM_SMTP_URL); auth.spec.ts starts the peer there. */
export const systemSmtpPort = Number(process.env.E2E_SYSTEM_SMTP_PORT ?? 5196);

const port = Number(process.env.E2E_PORT ?? 5190);
const baseURL = `http://localhost:${port}`;
const postgresURL = `http://localhost:${E2E_POSTGRES_PORT}`;
const hostileAiURL = `http://localhost:${E2E_HOSTILE_AI_PORT}`;
// A fresh embedded database for every run, so the first user registered (globalSetup) is the admin.
const dataDir = process.env.E2E_DATA_DIR ?? e2eDataDir('main');
process.env.E2E_DATA_DIR = dataDir;
// The second server's, whose embedded database the history specs write to (tests/e2e/postgres-server.ts).
process.env.E2E_HISTORY_DATA_DIR ??= e2eDataDir('history');

/** An app stopped with SIGTERM stops its embedded PostgreSQL server too (SIGKILL, the default, would leave it). */
const gracefulShutdown = { signal: 'SIGTERM', timeout: 15_000 } as const;

/** What both servers of the browser tests run with. */
const serverEnv = {
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  LOG_LEVEL: 'warn',
  // Mailboxes are read in short sessions, so a reply appended to Dovecot shows within seconds.
  INBOX_POLL_SECONDS: '2',
  // The settings spec signs Stripe webhooks with it.
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_localreach',
  // The specs' SMTP peers and Dovecot listen on 127.0.0.1, which the mailbox host guard refuses by default.
  MAIL_ALLOW_PRIVATE_HOSTS: '1',
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  // A page's first load in a fresh browser context (no cache) took over 7 s once on a 2-core machine whose
  // hypervisor took half its time (steal): assertions wait up to 10 s, which only slows a test that fails.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      // As `npm start` runs it: built where its sources are newer, then the server's bundle.
      command: 'node scripts/build-if-stale.mjs && node dist/server/main.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown,
      env: {
        ...serverEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        NOMINATIM_URL: leadFinderFixtures,
        OVERPASS_URL: `${leadFinderFixtures}/api/interpreter`,
        // The fixture websites are on 127.0.0.1; never set in production (README).
        LEAD_FINDER_ALLOW_LOOPBACK: '1',
        // settings-webhooks.spec.ts's receiver listens on 127.0.0.1, which webhooks refuse by default.
        WEBHOOK_ALLOW_PRIVATE_HOSTS: '1',
        DNS_SERVERS: `127.0.0.1:${dnsPort}`,
        // The system mailbox for password reset links: auth.spec.ts listens there while it needs it.
        SYSTEM_SMTP_URL: `smtp://127.0.0.1:${systemSmtpPort}`,
        SYSTEM_MAIL_FROM: 'LocalReach <no-reply@e2e.test>',
        SUPPORT_EMAIL: supportEmail,
      },
    },
    {
      command: 'node --import tsx tests/e2e/dns-fixture.ts',
      url: `http://127.0.0.1:${dnsPort + 1}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_DNS_PORT: String(dnsPort) },
    },
    {
      command: 'node --import tsx tests/e2e/lead-finder-fixtures.ts',
      url: `${leadFinderFixtures}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // History older than any screen can make, laid down with SQL (tests/e2e/postgres-server.ts).
      command: 'node --import tsx tests/e2e/postgres-server.ts',
      url: `${postgresURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown,
      env: { ...serverEnv, PORT: String(E2E_POSTGRES_PORT), PUBLIC_URL: postgresURL },
    },
    {
      // An AI provider that answers with script payloads (tests/e2e/hostile-ai-server.ts), for the XSS spec.
      command: 'node --import tsx tests/e2e/hostile-ai-server.ts',
      url: `${hostileAiURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown,
      env: { ...serverEnv, PORT: String(E2E_HOSTILE_AI_PORT), PUBLIC_URL: hostileAiURL },
    },
    {
      // Sign-up by invitation only, with its administrator named (tests/e2e/invite-only-server.ts).
      command: 'node --import tsx tests/e2e/invite-only-server.ts',
      url: `${inviteOnlyURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown,
      env: {
        ...serverEnv,
        PORT: String(E2E_INVITE_ONLY_PORT),
        PUBLIC_URL: inviteOnlyURL,
        ADMIN_EMAIL: adminUser.email,
      },
    },
  ],
});
