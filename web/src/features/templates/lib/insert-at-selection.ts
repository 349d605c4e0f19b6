/** Replaces the selected range of a text field's value with `text`; the caret goes after the inserted text. */
export function insertAtSelection(
  value: string,
  selectionStart: number | null,
  selectionEnd: number | null,
  text: string,
): { value: string; caret: number } {
  // A field that was never focused has no selection: append.
  const start = Math.min(selectionStart ?? value.length, value.length);
  const end = Math.max(start, Math.min(selectionEnd ?? start, value.length));
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}
