import { execFile } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferedDestination } from './logger';

const folder = mkdtempSync(path.join(tmpdir(), 'lr-logger-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the log destination', () => {
  it('writes every line whole and in order: non-ASCII text, and a line longer than one write carries', () => {
    const file = path.join(folder, 'lines.log');
    const fd = openSync(file, 'w');
    const destination = bufferedDestination(fd);
    const lines = [
      '{"msg":"Grüße aus Köln – 東京 🚀"}\n',
      `{"msg":"${'x'.repeat(70_000)}"}\n`,
      ...Array.from({ length: 500 }, (_, i) => `{"msg":"line ${i} ✓"}\n`),
    ];
    for (const line of lines) destination.write(line);
    destination.flushSync();
    closeSync(fd);
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
    expect(lines).toHaveLength(2000);
    expect(lines.every((line, i) => line.i === i && line.msg === `line ${i} – ü`)).toBe(true);
  });
});
