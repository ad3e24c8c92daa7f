import { badRequest } from '#server/errors.ts';
import { pacer } from '#server/lib/bulk-writes.ts';
import { INPUT_UNITS, type InputUnit } from '#domain/measures.ts';

// Reading a historical CSV: header names, unit spellings, and the rows with their line numbers.

/** A file may hold at most this many results (rows after the header). */
export const MAX_HISTORICAL_ROWS = 100_000;
export type Column = 'athlete' | 'email' | 'test' | 'value' | 'unit' | 'date' | 'source';

/** Header names we accept (compared lower-cased, spaces and underscores alike), and the column each gives. */
const HEADER_NAMES: Record<string, Column> = {
  athlete: 'athlete',
  name: 'athlete',
  'athlete name': 'athlete',
  email: 'email',
  'e-mail': 'email',
  test: 'test',
  'test name': 'test',
  value: 'value',
  result: 'value',
  unit: 'unit',
  date: 'date',
  'achieved on': 'date',
  source: 'source',
};
const REQUIRED_COLUMNS: readonly Column[] = ['test', 'value', 'unit', 'date'];

/** Spellings people use for the input units. */
const UNIT_ALIASES: Record<string, InputUnit> = {
  lbs: 'lb',
  kgs: 'kg',
  rep: 'reps',
  s: 'seconds',
  sec: 'seconds',
  secs: 'seconds',
  second: 'seconds',
  time: 'mm:ss',
  'h:mm:ss': 'mm:ss',
  meters: 'm',
  metres: 'm',
  meter: 'm',
  metre: 'm',
  miles: 'mi',
  mile: 'mi',
  cal: 'calories',
  cals: 'calories',
  kcal: 'calories',
  pts: 'points',
  point: 'points',
};

export function inputUnit(text: string): InputUnit | null {
  const t = text.trim().toLowerCase();
  if ((INPUT_UNITS as readonly string[]).includes(t)) return t as InputUnit;
  return UNIT_ALIASES[t] ?? null;
}

export const quote = (s: string) => `“${s.length > 60 ? `${s.slice(0, 57)}…` : s}”`;

type CsvRecord = { record: string[]; info: { lines: number } };

/**
 * A file without quotes splits on line breaks and commas (ten times faster than the full parser
 * on 100,000 rows); one with quotes goes through csv-parse. Both skip blank lines and keep each
 * record's line number.
 */
async function parseCsv(csv: string): Promise<CsvRecord[]> {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  if (!text.includes('"')) {
    const out: CsvRecord[] = [];
    const lines = text.split(/\r\n|\n|\r/);
    const pace = pacer();
    for (let i = 0; i < lines.length; i++) {
      const turn = pace();
      if (turn) await turn;
      const cells = lines[i]!.split(',').map((c) => c.trim());
      if (cells.some((c) => c !== '')) out.push({ record: cells, info: { lines: i + 1 } });
    }
    return out;
  }
  const { CsvError, parse } = await import('csv-parse/sync'); // loaded on the first quoted file (server/lib/lazy-load.ts)
  try {
    return parse(text, {
      trim: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as CsvRecord[];
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(`The file could not be read as CSV: ${err.message}`);
    throw err;
  }
}

/** Splits the CSV into a header and data rows with their line numbers; file-level problems are 400s. */
export async function readCsv(
  csv: string,
): Promise<{ columns: Map<Column, number>; headerLength: number; rows: { line: number; cells: string[] }[] }> {
  const parsed = await parseCsv(csv);
  const [header, ...data] = parsed;
  if (!header)
    throw badRequest('The file is empty: it needs a header row (athlete, email, test, value, unit, date, source) and one row per result.');
  const columns = new Map<Column, number>();
  const headerText = new Map<Column, string>();
  header.record.forEach((raw, index) => {
    const column =
      HEADER_NAMES[
        raw
          .trim()
          .toLowerCase()
          .replace(/[\s_]+/g, ' ')
      ];
    if (!column) return; // extra columns (notes, club…) are ignored
    if (columns.has(column)) {
      throw badRequest(`The columns ${quote(headerText.get(column)!)} and ${quote(raw)} both give the ${column}; keep one of them.`);
    }
    columns.set(column, index);
    headerText.set(column, raw);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (!columns.has('athlete') && !columns.has('email')) missing.unshift('athlete' as Column);
  if (missing.length > 0) {
    const names = missing.map((c) => (c === 'athlete' ? '“athlete” (or “email”)' : `“${c}”`));
    throw badRequest(
      `The header row has no ${names.join(', ')} column${missing.length > 1 ? 's' : ''}. ` +
        'The columns are: athlete (or name), email, test, value, unit, date (YYYY-MM-DD) and source, in any order.',
    );
  }
  if (data.length > MAX_HISTORICAL_ROWS) {
    throw badRequest(
      `The file has ${data.length.toLocaleString('en-US')} rows; upload at most ${MAX_HISTORICAL_ROWS.toLocaleString('en-US')} at a time (split it into several files).`,
    );
  }
  if (data.length === 0) throw badRequest('The file has a header row but no results under it.');
  return { columns, headerLength: header.record.length, rows: data.map((d) => ({ line: d.info.lines, cells: d.record })) };
}
