import EmailReplyParser from 'email-reply-parser';

/**
 * How much of a reply's text the quoted-history parser reads. Its regular expressions are quadratic on some odd
 * input (40 KB of whitespace took 8 s in one version), and what a prospect wrote stands at the top of a reply, so
 * the parser only ever sees the start; what lies beyond is quoted history or signature far more often than not.
 */
export const REPLY_PARSE_LIMIT = 20_000;

const parser = new EmailReplyParser();

/**
 * How much of each line the parser sees. Its patterns (`^(.+\son.*at.*wrote:)$`, `^(.*)[0-9]{4}(.*)from(.*)<(.*)>:$`)
 * backtrack cubically and worse along a line: one 8,000-character line took 5 s. A quote header is a short line, so
 * the parser reads each line cut to this, and the lines it keeps get their full text back.
 */
const PARSED_LINE_CHARS = 250;

/** What the prospect wrote: the reply's text without the quoted history and signature below it. */
export function replyText(text: string): string {
  const capped = withoutBlankRuns(text.slice(0, REPLY_PARSE_LIMIT * 2)).slice(0, REPLY_PARSE_LIMIT);
  const lines = capped.split('\n');
  let visible: string;
  try {
    visible = withFullLines(parser.parseReply(lines.map((line) => line.slice(0, PARSED_LINE_CHARS)).join('\n')), lines);
  } catch {
    visible = capped;
  }
  // A reply that is nothing but a quote (or that the parser emptied) keeps its own text rather than none.
  return (visible.trim() || capped.trim()).slice(0, REPLY_PARSE_LIMIT);
}

/** The parser's output with each cut line given its full text: its lines are the input's, in order, trimmed. */
function withFullLines(visible: string, lines: string[]): string {
  let next = 0;
  return visible
    .split('\n')
    .map((shown) => {
      // Lines come out in order; look a little ahead only, so text the parser changed cannot make this quadratic.
      for (let index = next; index < Math.min(lines.length, next + 50); index++) {
        if (lines[index].slice(0, PARSED_LINE_CHARS).trim() !== shown.trim()) continue;
        next = index + 1;
        return lines[index].length > PARSED_LINE_CHARS ? shown + lines[index].slice(PARSED_LINE_CHARS) : shown;
      }
      return shown;
    })
    .join('\n');
}

/**
 * The text with its line breaks as `\n` and each run of blank lines made one. The parser's `^\s*…$` patterns (one
 * per language) start at every line and run over all the blank lines below it: 20,000 empty lines took 15 s. Done
 * line by line, as a regular expression over long runs of whitespace would be quadratic itself.
 */
function withoutBlankRuns(text: string): string {
  const lines: string[] = [];
  let blank = false;
  for (const line of text.split(/\r\n|[\r\n\u2028\u2029]/)) {
    const isBlank = line.trim() === '';
    if (!(isBlank && blank)) lines.push(isBlank ? '' : line);
    blank = isBlank;
  }
  return lines.join('\n');
}
