// CSV as spreadsheets read it (RFC 4180), guarded against formula injection: the one writer of the app's downloads.

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One cell: quoted when it holds a comma, quote or line break (or leading/trailing space); text a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return) starts with ' instead. A plain number ("-12.50")
 * is no formula and stays as it is, so amounts still add up in a spreadsheet.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header row, then every row, each line ended by CRLF. */
export const csvOf = (header: string[], rows: (string | number)[][]) =>
  [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
