import EmailReplyParser from 'email-reply-parser';

/**
 * How much of a reply's text the quoted-history parser reads. Its regular expressions are quadratic on some odd
 * input (40 KB of whitespace took 8 s in one version), and what a prospect wrote stands at the top of a reply, so
 * the parser only ever sees the start; what lies beyond is quoted history or signature far more often than not.
 */
export const REPLY_PARSE_LIMIT = 20_000;

const parser = new EmailReplyParser();

/** What the prospect wrote: the reply's text without the quoted history and signature below it. */
export function replyText(text: string): string {
  const capped = text.replace(/\r\n?/g, '\n').slice(0, REPLY_PARSE_LIMIT);
  let visible: string;
  try {
    visible = parser.parseReply(capped);
  } catch {
    visible = capped;
  }
  // A reply that is nothing but a quote (or that the parser emptied) keeps its own text rather than none.
  return (visible.trim() || capped.trim()).slice(0, REPLY_PARSE_LIMIT);
}
