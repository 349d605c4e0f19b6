/** "Re: " before the prospect's subject, once however long the exchange. */
export function replySubject(subject: string): string {
  const trimmed = subject.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return /^re\s*:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}
