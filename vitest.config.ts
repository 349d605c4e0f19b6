import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The same aliases as vite.config.ts, so web modules under test import as they do in the app.
const alias = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

const shared = {
  include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts', 'bench/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Every suite runs on the embedded PostgreSQL server the app starts (one per run, server/test/database-server.setup.ts);
// with TEST_DATABASE_URL set, the suites about the external-server path (`*.postgres.test.ts`: roles, the pool,
// DATABASE_URL itself) run once more on that server.
const postgresUrl = process.env.TEST_DATABASE_URL;
// CI (REQUIRE_ALL=1) must not quietly lose the external-server run.
if (process.env.REQUIRE_ALL === '1' && !postgresUrl) {
  throw new Error('REQUIRE_ALL=1 needs TEST_DATABASE_URL: the external-server suites must run too.');
}
const globalSetup = ['server/test/database-server.setup.ts'];
// Suites that replace a module (vi.mock) run in a module registry of their own; every other suite shares its
// worker's, which spares loading the app's modules again for each file (a fifth of the run's time otherwise).
const mocking = ['server/modules/auth/password-reset.flood.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker per core but one, which is one on a 2-core machine; most suites wait on
    // databases, mail peers and child processes rather than on the CPU.
    maxWorkers: 4,
    projects: [
      {
        extends: true as const,
        test: {
          ...shared,
          name: 'embedded',
          exclude: [...configDefaults.exclude, ...mocking],
          isolate: false,
          globalSetup,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        extends: true as const,
        test: { ...shared, include: mocking, name: 'embedded-mocking', globalSetup, env: { TEST_DATABASE_URL: '' } },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                ...shared,
                include: ['server/**/*.postgres.test.ts'],
                name: 'postgres',
                globalSetup,
                env: { TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
