/** One CSV cell: formula-looking values are defused for spreadsheets, then quoted as RFC 4180 asks. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  // A leading = + - @ (or tab / carriage return) makes Excel and Sheets evaluate the cell (OWASP CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: (string | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
