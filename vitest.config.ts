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

// Every suite runs on embedded PGlite; with TEST_DATABASE_URL set, once more on that PostgreSQL server.
const postgresUrl = process.env.TEST_DATABASE_URL;
// CI (REQUIRE_ALL=1) must not quietly lose the PostgreSQL run.
if (process.env.REQUIRE_ALL === '1' && !postgresUrl) {
  throw new Error('REQUIRE_ALL=1 needs TEST_DATABASE_URL: the server tests must also run on PostgreSQL.');
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker per core but one, which is one on a 2-core machine; most suites wait on
    // databases, mail peers and child processes rather than on the CPU: with four at once the whole run went from 29 to 7 minutes.
    maxWorkers: 4,
    projects: [
      {
        extends: true as const,
        // `*.postgres.test.ts` need a server several processes can share (split web and worker roles).
        test: {
          ...shared,
          name: 'pglite',
          exclude: [...configDefaults.exclude, '**/*.postgres.test.ts'],
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              // Only the server touches the database; the rest needs no second run. `*.pglite.test.ts` are about
              // the embedded database itself (its thread, its backups).
              test: {
                ...shared,
                include: ['server/**/*.test.ts'],
                exclude: [...configDefaults.exclude, '**/*.pglite.test.ts'],
                name: 'postgres',
                env: { TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
