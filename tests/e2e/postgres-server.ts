/**
 * The second server of the browser tests, on an embedded PostgreSQL server of its own (DATA_DIR is
 * E2E_HISTORY_DATA_DIR, made by playwright.config.ts), so a spec can lay down history no screen can make (mails sent
 * months ago) with plain SQL through that server (postgres-database.ts), as the bench does, and then look at it
 * through the screens.
 */
const dataDir = process.env.E2E_HISTORY_DATA_DIR;
if (!dataDir) throw new Error('E2E_HISTORY_DATA_DIR is not set (playwright.config.ts sets it)');
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
await import('../../server/main');

export {};
