import { type SqlPiece, SqlStatementSplitter } from './sql-statements';

/**
 * What a backup file says, in order, as psql reads it: SQL statements, psql meta-command lines, and after each
 * `COPY … FROM stdin;` the rows of that COPY (the text format's lines) up to the line `\.`.
 */
export type ScriptEvent =
  | { kind: 'sql'; text: string }
  | { kind: 'meta'; text: string }
  | { kind: 'copy'; statement: string }
  | { kind: 'rows'; data: string }
  | { kind: 'copy-end' };

const COPY_FROM_STDIN = /^(?:\s|--[^\n]*\n)*COPY\s[\s\S]*\sFROM\s+stdin\s*;$/i;
const isCopyFromStdin = (piece: SqlPiece) => piece.kind === 'sql' && COPY_FROM_STDIN.test(piece.text);

export class ScriptError extends Error {}

/**
 * Reads a backup given in chunks of any size into events, holding at most a chunk and a line of rows: a backup of
 * a million leads is hundreds of megabytes and is never held whole. Rows are handed on in whole lines.
 */
export class BackupScriptReader {
  private splitter = new SqlStatementSplitter(isCopyFromStdin);
  /** Inside a COPY's rows: the text from the start of a line on. */
  private rows: string | null = null;
  /** The COPY statement's own line is left before its rows begin. */
  private skippingLine = false;
  /** The last characters read, for the line a backup ends with. */
  private tail = '';

  push(chunk: string): ScriptEvent[] {
    this.tail = (chunk.length >= 1024 ? chunk : this.tail + chunk).slice(-1024);
    return this.read(chunk);
  }

  end(): ScriptEvent[] {
    const events = this.read('');
    if (this.rows !== null)
      throw new ScriptError('the file ends in the middle of the rows of a table: it is incomplete');
    return [...events, ...this.splitter.end().map(sqlEvent)];
  }

  /** The file's last line that is not blank. */
  lastLine(): string {
    return (
      this.tail
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .at(-1) ?? ''
    );
  }

  private read(chunk: string): ScriptEvent[] {
    const events: ScriptEvent[] = [];
    let text = chunk;
    for (;;) {
      if (this.rows === null) {
        const pieces = this.splitter.push(text);
        text = '';
        for (const piece of pieces) {
          if (isCopyFromStdin(piece)) {
            events.push({ kind: 'copy', statement: piece.text });
            this.rows = '';
            this.skippingLine = true;
            text = this.splitter.takeRest();
          } else {
            events.push(sqlEvent(piece));
          }
        }
        if (this.rows === null) return events;
      }
      const after = this.readRows(text, events);
      if (after === null) return events;
      text = after;
    }
  }

  /** Reads rows on to the line `\.`: answers the text after it, or null when the rows go on past this chunk. */
  private readRows(chunk: string, events: ScriptEvent[]): string | null {
    let rows = (this.rows ?? '') + chunk;
    if (this.skippingLine) {
      const lineEnd = rows.indexOf('\n');
      if (lineEnd < 0) {
        this.rows = '';
        return null;
      }
      rows = rows.slice(lineEnd + 1);
      this.skippingLine = false;
    }
    // `rows` starts at the start of a line. A `\` inside the rows is always written `\\`, so a line that starts
    // with `\.` is the end of the rows (the rest of that line, a line end, is not SQL either).
    for (let from = 0; ; ) {
      const at = rows.indexOf('\\.', from);
      if (at < 0) break;
      if (at > 0 && rows[at - 1] !== '\n') {
        from = at + 1;
        continue;
      }
      if (at > 0) events.push({ kind: 'rows', data: rows.slice(0, at) });
      events.push({ kind: 'copy-end' });
      this.rows = null;
      const lineEnd = rows.indexOf('\n', at);
      return lineEnd < 0 ? '' : rows.slice(lineEnd + 1);
    }
    const lastLineEnd = rows.lastIndexOf('\n');
    if (lastLineEnd >= 0) events.push({ kind: 'rows', data: rows.slice(0, lastLineEnd + 1) });
    this.rows = rows.slice(lastLineEnd + 1);
    return null;
  }
}

const sqlEvent = (piece: SqlPiece): ScriptEvent =>
  piece.kind === 'meta' ? { kind: 'meta', text: piece.text } : { kind: 'sql', text: piece.text };
