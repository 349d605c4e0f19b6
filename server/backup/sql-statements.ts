/** A whole SQL statement (with the comments before it), or a psql meta-command line such as `\restrict key`. */
export type SqlPiece = { kind: 'sql'; text: string } | { kind: 'meta'; text: string };

type State =
  | { in: 'code' }
  | { in: 'string'; backslashEscapes: boolean }
  | { in: 'identifier' }
  | { in: 'dollar'; tag: string }
  | { in: 'line-comment' }
  | { in: 'block-comment'; depth: number };

const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;
const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * Splits a SQL script read in chunks (a backup) into whole statements, so a restore can run a large script a
 * batch at a time instead of holding it as one string. It knows what can hide a semicolon: quoted strings ('…',
 * E'…' with backslash escapes), quoted identifiers, dollar-quoted bodies ($$…$$, $tag$…$tag$) and comments.
 * With `stopAfter`, it stops after a piece that is not followed by SQL (a `COPY … FROM stdin;`, whose rows
 * follow): `takeRest` then answers the text not read yet, and the splitter starts again empty.
 */
export class SqlStatementSplitter {
  constructor(private readonly stopAfter: (piece: SqlPiece) => boolean = () => false) {}

  /** Set when the splitter stopped after a piece; cleared by `takeRest`. */
  private stopped = false;

  private text = '';
  /** Where the statement being read starts, and how far it has been read. */
  private start = 0;
  private at = 0;
  private state: State = { in: 'code' };
  /** Whether the statement has anything but blanks and comments yet: a backslash then starts a meta-command. */
  private started = false;

  /** The pieces the new chunk completes. */
  push(chunk: string): SqlPiece[] {
    this.text = this.text.slice(this.start) + chunk;
    this.at -= this.start;
    this.start = 0;
    return this.scan(false);
  }

  /** The text after the piece the splitter stopped after; the splitter is empty again. */
  takeRest(): string {
    const rest = this.text.slice(this.start);
    this.text = '';
    this.start = 0;
    this.at = 0;
    this.state = { in: 'code' };
    this.started = false;
    this.stopped = false;
    return rest;
  }

  /** What is left at the end of the script: a last statement without its semicolon. */
  end(): SqlPiece[] {
    const pieces = this.scan(true);
    const rest = this.text.slice(this.start);
    this.text = '';
    this.start = 0;
    this.at = 0;
    if (this.started) pieces.push({ kind: 'sql', text: rest });
    return pieces;
  }

  private scan(final: boolean): SqlPiece[] {
    const pieces: SqlPiece[] = [];
    const text = this.text;
    const emit = (piece: SqlPiece) => {
      pieces.push(piece);
      if (this.stopAfter(piece)) this.stopped = true;
    };
    while (this.at < text.length && !this.stopped) {
      const state = this.state;
      if (state.in === 'code') {
        const char = text[this.at];
        // Two-character openers need their second character before deciding.
        if (!final && this.at + 1 >= text.length && (char === '-' || char === '/' || char === '$')) {
          break;
        }
        const next = text[this.at + 1];
        if (char === ';') {
          const piece: SqlPiece = { kind: 'sql', text: text.slice(this.start, this.at + 1) };
          this.start = this.at + 1;
          this.at = this.start;
          this.started = false;
          emit(piece);
          continue;
        } else if (char === '\\' && !this.started) {
          const lineEnd = text.indexOf('\n', this.at);
          if (lineEnd < 0 && !final) break;
          const end = lineEnd < 0 ? text.length : lineEnd + 1;
          const piece: SqlPiece = { kind: 'meta', text: text.slice(this.at, end).trim() };
          this.start = end;
          this.at = end;
          emit(piece);
          continue;
        } else if (char === '-' && next === '-') {
          this.state = { in: 'line-comment' };
          this.at += 2;
          continue;
        } else if (char === '/' && next === '*') {
          this.state = { in: 'block-comment', depth: 1 };
          this.at += 2;
          continue;
        } else if (char === "'") {
          const before = text[this.at - 1];
          const escapes = (before === 'E' || before === 'e') && !IDENTIFIER_CHAR.test(text[this.at - 2] ?? ' ');
          this.state = { in: 'string', backslashEscapes: escapes };
          this.started = true;
        } else if (char === '"') {
          this.state = { in: 'identifier' };
          this.started = true;
        } else if (char === '$' && !IDENTIFIER_CHAR.test(text[this.at - 1] ?? ' ')) {
          const tag = DOLLAR_TAG.exec(text.slice(this.at, this.at + 64))?.[0];
          if (tag) {
            this.state = { in: 'dollar', tag };
            this.started = true;
            this.at += tag.length;
            continue;
          }
          if (!final && text.length - this.at < 64 && text.indexOf('$', this.at + 1) < 0) break;
          this.started = true;
        } else if (char.trim() !== '') {
          this.started = true;
        }
        this.at += 1;
      } else if (!this.leave(state, text, final)) {
        break;
      }
    }
    return pieces;
  }

  /** Reads on to the end of a string, identifier, dollar quote or comment; false when the chunk ends first. */
  private leave(state: Exclude<State, { in: 'code' }>, text: string, final: boolean): boolean {
    if (state.in === 'line-comment' || state.in === 'dollar') {
      const closing = state.in === 'line-comment' ? '\n' : state.tag;
      const end = text.indexOf(closing, this.at);
      if (end < 0) {
        this.at = Math.max(this.at, text.length - closing.length + 1);
        return false;
      }
      this.at = end + closing.length;
      this.state = { in: 'code' };
      return true;
    }
    if (state.in === 'block-comment') {
      const open = text.indexOf('/*', this.at);
      const close = text.indexOf('*/', this.at);
      if (close < 0) {
        this.at = Math.max(this.at, text.length - 1);
        return false;
      }
      if (open >= 0 && open < close) {
        state.depth += 1;
        this.at = open + 2;
      } else {
        state.depth -= 1;
        this.at = close + 2;
        if (state.depth === 0) this.state = { in: 'code' };
      }
      return true;
    }
    // Here `at` is where the search for the closing quote goes on.
    const quote = state.in === 'string' ? "'" : '"';
    for (;;) {
      const end = text.indexOf(quote, this.at);
      if (end < 0) {
        this.at = text.length;
        return false;
      }
      if (state.in === 'string' && state.backslashEscapes && escapedByBackslashes(text, end)) {
        this.at = end + 1;
        continue;
      }
      // A doubled quote is a quote inside; at the chunk's end the next character decides.
      if (end + 1 >= text.length && !final) {
        this.at = end;
        return false;
      }
      if (text[end + 1] === quote) {
        this.at = end + 2;
        continue;
      }
      this.at = end + 1;
      this.state = { in: 'code' };
      return true;
    }
  }
}

/** Whether the character at `index` follows an odd number of backslashes. */
function escapedByBackslashes(text: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}
