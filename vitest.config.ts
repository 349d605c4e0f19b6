import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The same aliases as vite.config.ts, so web modules under test import as they do in the app.
const alias = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

const shared = {
  include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Every suite runs on embedded PGlite; with TEST_DATABASE_URL set, once more on that PostgreSQL server.
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { extends: true as const, test: { ...shared, name: 'pglite', env: { TEST_DATABASE_URL: '' } } },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              // Only the server touches the database; the rest needs no second run.
              test: {
                ...shared,
                include: ['server/**/*.test.ts'],
                name: 'postgres',
                env: { TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
