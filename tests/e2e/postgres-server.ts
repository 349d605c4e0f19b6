/**
 * The second server of the browser tests: on a fresh database of the PostgreSQL server at TEST_DATABASE_URL, so a
 * spec can lay down history no screen can make (mails sent months ago) with plain SQL, as the bench does, and then
 * look at it through the screens. Without TEST_DATABASE_URL it serves an embedded database and those specs skip.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { E2E_POSTGRES_DATABASE, e2ePostgresUrl } from './postgres-database';

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${E2E_POSTGRES_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${E2E_POSTGRES_DATABASE}`);
  await admin.end();
  process.env.DATABASE_URL = e2ePostgresUrl(serverUrl);
} else {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'lr-e2e-pg-'));
}
await import('../../server/main');
