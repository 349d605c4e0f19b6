import { defineConfig } from 'vitest/config';

const shared = {
  include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Every suite runs on embedded PGlite; with TEST_DATABASE_URL set, once more on that PostgreSQL server.
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'pglite', env: { TEST_DATABASE_URL: '' } } },
      ...(postgresUrl ? [{ test: { ...shared, name: 'postgres', env: { TEST_DATABASE_URL: postgresUrl } } }] : []),
    ],
  },
});
