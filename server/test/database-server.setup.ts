import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';
import { openEmbeddedServer } from '../db/embedded-postgres';

/**
 * Vitest's global setup: one PostgreSQL server for the whole run and a migrated template database on it, from
 * which every test file makes its own database in milliseconds (server/test/database.ts). The server is the
 * embedded one the app starts, in a DATA_DIR of the run's own, or the server at the project's TEST_DATABASE_URL.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { serverUrl: string; template: string; kind: 'embedded' | 'postgres' };
  }
}

export default async function setup(project: TestProject) {
  const externalUrl = project.config.env?.TEST_DATABASE_URL || undefined;
  let serverUrl: string;
  let stopServer = async () => {};
  if (externalUrl) {
    serverUrl = externalUrl;
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-test-server-'));
    const server = await openEmbeddedServer(dataDir);
    serverUrl = server.connectionString;
    stopServer = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = `lr_template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, template), poolSize: 1 });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  project.provide('testDatabase', { serverUrl, template, kind: externalUrl ? 'postgres' : 'embedded' });
  return async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await stopServer();
  };
}

export function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
}
