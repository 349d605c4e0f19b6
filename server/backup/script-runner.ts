import { createReadStream, statSync } from 'node:fs';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BackupScriptReader, ScriptError, type ScriptEvent } from './backup-script';
import type { Say } from './command';

/** Statements are sent to the server about this many characters at a time (one round trip each). */
const BATCH_CHARS = 1_000_000;
/** psql's \restrict and \unrestrict guard a dump against meta-commands hidden in its data; nothing here runs any. */
const IGNORED_META = /^\\(un)?restrict\b/;

/** A statement of the backup the server refused, with the statement's start. */
export class StatementError extends Error {}

/**
 * Runs a backup file on `client` as psql would, streaming it: statements a batch at a time, and each COPY's rows
 * into the server as they are read (pg-copy-streams), so memory stays flat whatever the file's size. The caller
 * holds the transaction. Answers the rows each COPY loaded and the file's last line.
 */
export async function runBackupScript(
  client: pg.Client,
  file: string,
  say: Say,
): Promise<{ copies: number; rows: number; lastLine: string }> {
  const size = statSync(file).size;
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const reader = new BackupScriptReader();
  let batch = '';
  let copy: CopyIn | null = null;
  let copies = 0;
  let rows = 0;
  let reported = 0;

  const runBatch = async () => {
    if (!batch) return;
    const statements = batch;
    batch = '';
    await client.query(statements).catch((error: Error) => {
      throw new StatementError(`${error.message} (in the statements from: ${firstLine(statements)})`);
    });
  };
  const take = async (events: ScriptEvent[]) => {
    for (const event of events) {
      if (event.kind === 'sql') {
        batch += event.text;
        if (batch.length >= BATCH_CHARS) await runBatch();
      } else if (event.kind === 'meta') {
        if (IGNORED_META.test(event.text)) continue;
        throw new ScriptError(`it uses psql's ${event.text.split(/\s/)[0]}, which only psql runs`);
      } else if (event.kind === 'copy') {
        await runBatch();
        copy = new CopyIn(client, event.statement);
      } else if (event.kind === 'rows') {
        await copy?.write(event.data);
      } else if (copy) {
        rows += await copy.end();
        copies += 1;
        copy = null;
      }
    }
  };
  try {
    for await (const chunk of input) {
      await take(reader.push(chunk as string));
      const percent = Math.floor((input.bytesRead / size) * 10) * 10;
      if (percent > reported && percent < 100) {
        reported = percent;
        say(`  ${percent}%`);
      }
    }
    await take(reader.end());
    await runBatch();
  } finally {
    input.destroy();
  }
  return { copies, rows, lastLine: reader.lastLine() };
}

/** One COPY … FROM stdin: rows written as the server takes them, and its end acknowledged by the server. */
class CopyIn {
  private readonly stream;
  private readonly done: Promise<void>;
  private failure: Error | null = null;

  constructor(
    client: pg.Client,
    private readonly statement: string,
  ) {
    this.stream = client.query(copyFrom(statement));
    this.done = new Promise<void>((resolve, reject) => {
      this.stream.once('finish', resolve);
      this.stream.once('error', (error: Error) => {
        this.failure = new StatementError(`${error.message} (in ${firstLine(this.statement)})`);
        reject(this.failure);
      });
    });
    this.done.catch(() => {});
  }

  async write(data: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(data)) {
      await Promise.race([new Promise((resolve) => this.stream.once('drain', resolve)), this.done]);
    }
  }

  /** Ends the rows; answers how many the server loaded. */
  async end(): Promise<number> {
    this.stream.end();
    await this.done;
    return this.stream.rowCount;
  }
}

function firstLine(statements: string): string {
  const line = statements.split('\n').find((text) => text.trim() !== '' && !text.trim().startsWith('--')) ?? '';
  return line.length > 120 ? `${line.slice(0, 120)}…` : line.trim();
}
