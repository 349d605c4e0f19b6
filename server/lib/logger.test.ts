import { execFile } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferedDestination } from './logger';

const folder = mkdtempSync(path.join(tmpdir(), 'lr-logger-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the log destination', () => {
  it('writes every line whole and in order: non-ASCII text, and a line longer than one write carries', async () => {
    const file = path.join(folder, 'lines.log');
    const fd = openSync(file, 'w');
    const destination = bufferedDestination(fd);
    const lines = [
      '{"msg":"Grüße aus Köln – 東京 🚀"}\n',
      `{"msg":"${'x'.repeat(70_000)}"}\n`,
      ...Array.from({ length: 500 }, (_, i) => `{"msg":"line ${i} ✓"}\n`),
    ];
    for (const line of lines) destination.write(line);
    // Nothing more is written: the last lines leave by the periodic flush. The descriptor stays open, as the
    // destination's flush timer lives as long as the test process.
    const bytes = Buffer.byteLength(lines.join(''));
    for (const deadline = Date.now() + 5000; statSync(file).size < bytes && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('still has every line on standard output when the process exits straight after logging them', async () => {
    const script = [
      "const { createLogger } = await import('./server/lib/logger.ts');",
      "const log = createLogger('info');",
      "for (let i = 0; i < 2000; i++) log.info({ i }, 'line ' + i + ' – ü');",
      'process.exit(0);',
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        maxBuffer: 10 * 1024 * 1024,
      },
    );
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { i: number; msg: string });
    // A write under way when the process exits may land after the lines flushed at exit (sonic-boom): every line is
    // there once and whole, not necessarily in order.
    expect(lines).toHaveLength(2000);
    expect(lines.every((line) => line.msg === `line ${line.i} – ü`)).toBe(true);
    expect(new Set(lines.map((line) => line.i)).size).toBe(2000);
  });
});
