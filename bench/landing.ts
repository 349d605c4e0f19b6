/**
 * Landing-page weight: the JavaScript a first-time visitor downloads for `/`, measured in Debian's
 * Chromium through resource timing, with the server started as `npm start` starts it (precompressed assets). The
 * baseline, measured in the same run, is the same scripts uncompressed (their decoded size).
 *
 *   BENCH=landing npm run bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/chromium';
import { startServer, stopServer } from './server-process';

const port = Number(process.env.BENCH_PORT ?? 5298);
const base = `http://localhost:${port}`;
const TARGET_KB = 150;
type ScriptTiming = { name: string; transferSize: number; decodedBodySize: number };

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-landing-'));
  const server = await startServer(base, { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // A new context: an empty cache, as for a first visit.
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByText('Turn Local Leads Into Sales Meetings').waitFor();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return { name: timing.name, transferSize: timing.transferSize, decodedBodySize: timing.decodedBodySize };
        }),
    );
    report(scripts);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(scripts: ScriptTiming[]) {
  const kb = (bytes: number) => bytes / 1024;
  const wire = kb(scripts.reduce((sum, script) => sum + script.transferSize, 0));
  const raw = kb(scripts.reduce((sum, script) => sum + script.decodedBodySize, 0));
  for (const script of scripts) {
    console.log(
      `${new URL(script.name).pathname.padEnd(48)} ${kb(script.transferSize).toFixed(1).padStart(7)} KB on the wire, ${kb(script.decodedBodySize).toFixed(1).padStart(7)} KB decoded`,
    );
  }
  console.log('\n| metric | measured | baseline (uncompressed, same run) | ratio | target |\n|---|---|---|---|---|');
  console.log(
    `| landing page JS on the wire (${scripts.length} files) | ${wire.toFixed(1)} KB | ${raw.toFixed(1)} KB | ${(wire / raw).toFixed(2)} | ≤ ${TARGET_KB} KB ${wire <= TARGET_KB ? '(met)' : '(NOT MET)'} |`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
