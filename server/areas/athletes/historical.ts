import { eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { historicalBatches, tests } from '#server/db/schema.ts';
import { ApiError } from '#server/errors.ts';
import { checkBounds, INPUT_UNITS, MeasureError, toTestUnit, type InputUnit, type Standard, type TestUnit } from '#domain/measures.ts';
import { MAX_ENTRY_LENGTH } from '#domain/scoring/parse.ts';
import { inputUnit, MAX_HISTORICAL_ROWS, quote, readCsv, type Column } from './historical-csv.ts';
import { normalizedFor, refreshBests, type AthleteTest } from './bests.ts';
import { rowsOf } from '#server/db/rows.ts';
import { bulkChunkRows, pacer, writeInSteps, yieldToEventLoop } from '#server/lib/bulk-writes.ts';

export { MAX_HISTORICAL_ROWS };
/** The report lists this many invalid rows, and previews this many valid ones. */
export const MAX_REPORTED_ERRORS = 1_000;
export const MAX_PREVIEW_ROWS = 200;
/** Results older than this are refused: no standard we know goes back further. */
export const EARLIEST_RESULT_DATE = '1950-01-01';
/**
 * Rows per INSERT … SELECT FROM jsonb_to_recordset: one JSON parameter of a few MB. On PGlite,
 * where a statement blocks the whole process while it runs, 250 (see bulk-writes.ts).
 */
const INSERT_CHUNK = 10_000;
/** Athlete–test pairs per refreshBests call (each call is set-based; chunks keep each statement's parameter small). */
const REFRESH_CHUNK = 10_000;
/** Keys or emails per lookup statement. */
const LOOKUP_CHUNK = 10_000;
const DEFAULT_SOURCE = 'Historical upload';

/** A test of the catalogue as the import uses it. */
interface CatalogueTest {
  id: number;
  name: string;
  unit: TestUnit;
  direction: string;
  minValue: number;
  maxValue: number;
  standards: Standard[];
}

/** A row that passed every check, ready to import. */
interface CheckedRow {
  row: number;
  athleteName: string;
  nameNormalized: string;
  email: string | null;
  test: CatalogueTest;
  value: number;
  rawValue: string;
  rawUnit: InputUnit;
  achievedOn: string;
  source: string;
  dedupeKey: string;
  userId: number | null;
}

export interface HistoricalRowProblem {
  row: number;
  problems: string[];
}

export interface HistoricalPreviewRow {
  row: number;
  athlete: string;
  email: string | null;
  test_id: number;
  test_name: string;
  value: number;
  unit: TestUnit;
  achieved_on: string;
  source: string;
  account: boolean;
}

export interface HistoricalUploadReport {
  dry_run: boolean;
  total_rows: number;
  valid_rows: number;
  errors: HistoricalRowProblem[];
  preview: HistoricalPreviewRow[];
  imported: number;
  linked: number;
  batch_id: number | null;
}

const ASCII = /^[\x20-\x7e]*$/;

/** Lower-cased, accents and repeated spaces gone: how names are compared and searched. */
export function normalizeName(name: string): string {
  if (ASCII.test(name)) return name.toLowerCase().replace(/\s+/g, ' ').trim();
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a calendar day that exists ("2023-02-30" does not). */
function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

async function loadCatalogue(db: Database): Promise<Map<string, CatalogueTest>> {
  const rows = await db
    .select({
      id: tests.id,
      name: tests.name,
      unit: tests.unit,
      direction: tests.direction,
      minValue: tests.minValue,
      maxValue: tests.maxValue,
      standards: tests.standards,
    })
    .from(tests)
    .where(ne(tests.status, 'draft'));
  return new Map(rows.map((t) => [normalizeName(t.name), { ...t, unit: t.unit as TestUnit }]));
}

/** Runs `query` over `values` in chunks, each passed as one JSON array parameter, with a turn of the event loop between. */
async function lookUpInChunks<T>(values: string[], query: (json: string) => Promise<T[]>, chunk = LOOKUP_CHUNK): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += chunk) {
    if (i > 0) await yieldToEventLoop();
    out.push(...(await query(JSON.stringify(values.slice(i, i + chunk)))));
  }
  return out;
}

/**
 * Checks every row of the file: the file-level problems (not CSV, no header, a missing column,
 * too many rows) are 400s; each row's problems are listed in words with its line number.
 */
async function checkFile(ctx: AppContext, csv: string, filename: string | undefined) {
  const db = ctx.database.db;
  const { columns, headerLength, rows } = await readCsv(csv);
  const catalogue = await loadCatalogue(db);
  // "In the future" for the athlete: the calendar day of the earliest time zone (UTC+14).
  const latestToday = new Date(ctx.now().getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  const defaultSource = filename?.trim().slice(0, 200) || DEFAULT_SOURCE;
  const problems = new Map<number, string[]>();
  const add = (line: number, problem: string) => {
    const list = problems.get(line);
    if (list) list.push(`Row ${line}: ${problem}`);
    else problems.set(line, [`Row ${line}: ${problem}`]);
  };
  const checked: CheckedRow[] = [];
  const firstRowOf = new Map<string, number>();

  // 100,000 rows take a while to check: in slices, so other requests are answered meanwhile.
  const pace = pacer();
  for (const { line, cells } of rows) {
    const turn = pace();
    if (turn) await turn;
    const cell = (column: Column): string | undefined => {
      const index = columns.get(column);
      return index === undefined ? undefined : cells[index];
    };
    const required = (column: Column): string | null => {
      const v = cell(column);
      if (v === undefined) add(line, `missing column “${column}” (the row has ${cells.length} columns, the header ${headerLength})`);
      else if (v === '') add(line, `“${column}” is empty`);
      else return v;
      return null;
    };
    const before = problems.get(line)?.length ?? 0;

    const athleteName = (cell('athlete') ?? '').replace(/\s+/g, ' ');
    const emailText = cell('email') ?? '';
    let email: string | null = null;
    if (!athleteName && !emailText) add(line, 'neither an athlete name nor an email is given');
    if (athleteName.length > 120) add(line, `the athlete name is longer than 120 characters`);
    if (emailText) {
      if (emailText.length > 254 || !EMAIL.test(emailText)) add(line, `${quote(emailText)} is not an email address`);
      else email = normalizeEmail(emailText);
    }

    const testText = required('test');
    const test = testText === null ? undefined : catalogue.get(normalizeName(testText));
    if (testText !== null && !test) add(line, `the test ${quote(testText)} is not in the catalogue`);

    const unitText = required('unit');
    const unit = unitText === null ? null : inputUnit(unitText);
    if (unitText !== null && !unit) add(line, `${quote(unitText)} is not a unit: use one of ${INPUT_UNITS.join(', ')}`);

    const rawValue = required('value');
    let value: number | null = null;
    if (rawValue !== null && rawValue.length > MAX_ENTRY_LENGTH)
      add(line, `the value ${quote(rawValue)} is longer than ${MAX_ENTRY_LENGTH} characters`);
    else if (rawValue !== null && test && unit) {
      try {
        value = toTestUnit(rawValue, unit, test.unit);
        checkBounds(value, { min: test.minValue, max: test.maxValue }, test.unit, test.name);
      } catch (err) {
        if (!(err instanceof MeasureError)) throw err;
        add(line, lowerFirst(err.message));
        value = null;
      }
    }

    const date = required('date');
    if (date !== null) {
      if (!DATE.test(date)) add(line, `the date ${quote(date)} is not written YYYY-MM-DD, such as 2021-06-30`);
      else if (!isRealDate(date)) add(line, `the date ${quote(date)} does not exist`);
      else if (date > latestToday) add(line, `the date ${date} is in the future`);
      else if (date < EARLIEST_RESULT_DATE) add(line, `the date ${date} is before ${EARLIEST_RESULT_DATE.slice(0, 4)}`);
    }

    const source = cell('source') || defaultSource;
    if (source.length > 200) add(line, 'the source is longer than 200 characters');

    if ((problems.get(line)?.length ?? 0) > before || !test || !unit || rawValue === null || value === null || date === null) continue;
    // The same person (by email when given, else by name), test, day and value is the same result.
    const nameNormalized = normalizeName(athleteName);
    const dedupeKey = `${email ? `e:${email}` : `n:${nameNormalized}`}|${test.id}|${date}|${value}`;
    const earlier = firstRowOf.get(dedupeKey);
    if (earlier !== undefined) {
      add(line, `the same result as row ${earlier}`);
      continue;
    }
    firstRowOf.set(dedupeKey, line);
    checked.push({
      row: line,
      athleteName,
      nameNormalized,
      email,
      test,
      value,
      rawValue,
      rawUnit: unit,
      achievedOn: date,
      source,
      dedupeKey,
      userId: null,
    });
  }

  // Results imported by an earlier upload, and the accounts the emails belong to: looked up together.
  const lookupChunk = bulkChunkRows(ctx.database, LOOKUP_CHUNK, 500);
  const [imported, accountRows] = await Promise.all([
    lookUpInChunks(
      checked.map((r) => r.dedupeKey),
      (json) =>
        rowsOf<{ dedupe_key: string }>(
          db,
          sql`select dedupe_key from historical_results where dedupe_key in (select json_array_elements_text(${json}::json))`,
        ),
      lookupChunk,
    ),
    lookUpInChunks(
      [...new Set(checked.flatMap((r) => (r.email ? [r.email] : [])))],
      (json) =>
        rowsOf<{ id: number; email_normalized: string; display_name: string }>(
          db,
          sql`select id, email_normalized, display_name from users where email_normalized in (select json_array_elements_text(${json}::json))`,
        ),
      lookupChunk,
    ),
  ]);
  const existing = new Set(imported.map((r) => r.dedupe_key));
  const valid = existing.size === 0 ? checked : [];
  if (existing.size > 0) {
    for (const r of checked) {
      if (existing.has(r.dedupeKey)) add(r.row, 'this result was already imported by an earlier upload');
      else valid.push(r);
    }
  }

  // Rows whose email belongs to an account count for that athlete.
  const accounts = new Map(accountRows.map((u) => [u.email_normalized, { id: Number(u.id), displayName: u.display_name }]));
  for (const r of valid) {
    const account = r.email ? accounts.get(r.email) : undefined;
    if (!account) continue;
    r.userId = account.id;
    if (!r.athleteName) {
      r.athleteName = account.displayName;
      r.nameNormalized = normalizeName(account.displayName);
    }
  }

  const errors = [...problems.entries()].sort((a, b) => a[0] - b[0]).map(([row, list]) => ({ row, problems: list }));
  return { totalRows: rows.length, valid, errors };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function preview(rows: CheckedRow[]): HistoricalPreviewRow[] {
  return rows.slice(0, MAX_PREVIEW_ROWS).map((r) => ({
    row: r.row,
    athlete: r.athleteName,
    email: r.email,
    test_id: r.test.id,
    test_name: r.test.name,
    value: r.value,
    unit: r.test.unit,
    achieved_on: r.achievedOn,
    source: r.source,
    account: r.userId !== null,
  }));
}

/** True when the database refused a row for a unique index (another upload or claim got there first). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Checks (dry run) or imports a CSV of historical results. A commit imports every row or none:
 * nothing when any row is invalid (`status` 422 with the same report), and a write that fails
 * half-way is taken back (one transaction on PostgreSQL; steps with an undo on PGlite, see
 * writeInSteps). Rows whose email matches an account become that athlete's approved personal
 * records at once.
 */
export async function uploadHistoricalResults(
  ctx: AppContext,
  adminId: number,
  input: { csv: string; filename?: string; dry_run: boolean },
): Promise<{ status: 200 | 422; report: HistoricalUploadReport }> {
  const { totalRows, valid, errors } = await checkFile(ctx, input.csv, input.filename);
  const report: HistoricalUploadReport = {
    dry_run: input.dry_run,
    total_rows: totalRows,
    valid_rows: valid.length,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
    preview: preview(valid),
    imported: 0,
    linked: 0,
    batch_id: null,
  };
  if (input.dry_run) return { status: 200, report };
  if (errors.length > 0) return { status: 422, report };

  const linked = valid.filter((r) => r.userId !== null);
  const profiles = await loadProfiles(ctx.database.db, [...new Set(linked.map((r) => r.userId!))]);
  const now = ctx.now().toISOString();
  const pairs = new Map<string, AthleteTest>();
  for (const r of linked) pairs.set(`${r.userId}:${r.test.id}`, { userId: r.userId!, testId: r.test.id });
  const moved = [...pairs.values()];
  const rowsPerStep = bulkChunkRows(ctx.database, INSERT_CHUNK);
  let batchId: number | null = null;
  try {
    report.batch_id = await writeInSteps(
      ctx.database,
      async (step) => {
        const id = await step(async (tx) => {
          const [batch] = await tx
            .insert(historicalBatches)
            .values({
              uploadedBy: adminId,
              filename: input.filename?.trim().slice(0, 200) || 'upload.csv',
              rowCount: valid.length,
              createdAt: new Date(now),
            })
            .returning({ id: historicalBatches.id });
          return batch!.id;
        });
        batchId = id;
        for (let i = 0; i < valid.length; i += rowsPerStep) {
          await step(async (tx) => {
            // Each chunk joins thousands of JSON rows, which the planner guesses at 100: hash joins, not nested loops.
            await tx.execute(sql`set local enable_nestloop = off`);
            await insertChunk(tx, id, adminId, now, valid.slice(i, i + rowsPerStep), profiles);
          });
        }
        // Historical results are not new achievements: the bests move, nothing is celebrated.
        for (let i = 0; i < moved.length; i += rowsPerStep) await step((tx) => refreshBests(tx, moved.slice(i, i + rowsPerStep)));
        return id;
      },
      async (tx) => {
        if (batchId !== null) await undoBatch(tx, batchId, moved);
      },
    );
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError(409, 'Some of these results were imported by another upload a moment ago. Run the check again to see which.');
    }
    throw err;
  }
  report.imported = valid.length;
  report.linked = linked.length;
  return { status: 200, report };
}

/**
 * Takes back an import that failed half-way (PGlite commits it in steps): its approved records,
 * the batch with its results (and any claim on them, by cascade), and the bests they moved.
 */
async function undoBatch(tx: Database, batchId: number, moved: AthleteTest[]) {
  await tx.execute(
    sql`delete from personal_records where source = 'historical' and historical_id in (select id from historical_results where batch_id = ${batchId})`,
  );
  await tx.delete(historicalBatches).where(eq(historicalBatches.id, batchId));
  for (let i = 0; i < moved.length; i += REFRESH_CHUNK) await refreshBests(tx, moved.slice(i, i + REFRESH_CHUNK));
}

type Profile = { sex: string | null; bodyweightKg: number | null };

/** The profiles (sex, bodyweight) that pick each athlete's standard. */
export async function loadProfiles(db: Database, userIds: number[]): Promise<Map<number, Profile>> {
  const rows = await lookUpInChunks(userIds.map(String), (json) =>
    rowsOf<{ user_id: number; sex: string | null; bodyweight_kg: number | null }>(
      db,
      sql`select user_id, sex, bodyweight_kg from athlete_profiles where user_id in (select value::int from jsonb_array_elements_text(${json}::jsonb))`,
    ),
  );
  return new Map(
    rows.map((p) => [Number(p.user_id), { sex: p.sex, bodyweightKg: p.bodyweight_kg === null ? null : Number(p.bodyweight_kg) }]),
  );
}

/** One INSERT … SELECT for the results, chained to one for the linked rows' approved records. */
async function insertChunk(
  tx: Database,
  batchId: number,
  adminId: number,
  now: string,
  rows: CheckedRow[],
  profiles: Map<number, Profile>,
) {
  const json = JSON.stringify(
    rows.map((r) => ({
      athlete_name: r.athleteName,
      name_normalized: r.nameNormalized,
      email: r.email,
      test_id: r.test.id,
      value: r.value,
      raw_value: r.rawValue,
      raw_unit: r.rawUnit,
      achieved_on: r.achievedOn,
      source: r.source,
      dedupe_key: r.dedupeKey,
      user_id: r.userId,
      normalized_score: r.userId === null ? null : normalizedFor(r.test, profiles.get(r.userId) ?? null, r.value),
    })),
  );
  await tx.execute(sql`
    with input as (
      select * from json_to_recordset(${json}::json) as x(
        athlete_name text, name_normalized text, email text, test_id int, value float8, raw_value text, raw_unit text,
        achieved_on date, source text, dedupe_key text, user_id int, normalized_score int)
    ),
    inserted as (
      insert into historical_results (batch_id, athlete_name, name_normalized, email, test_id, value, raw_value, raw_unit, achieved_on, source, dedupe_key, user_id, created_at)
      select ${batchId}, athlete_name, name_normalized, email, test_id, value, raw_value, raw_unit, achieved_on, source, dedupe_key, user_id, ${now}::timestamptz
      from input
      returning id, dedupe_key, user_id
    )
    insert into personal_records (user_id, test_id, value, raw_value, raw_unit, achieved_on, source, historical_id, status, normalized_score, reviewed_by, reviewed_at, submitted_at)
    select i.user_id, i.test_id, i.value, i.raw_value, i.raw_unit, i.achieved_on, 'historical', h.id, 'approved', i.normalized_score, ${adminId}, ${now}::timestamptz, ${now}::timestamptz
    from inserted h join input i on i.dedupe_key = h.dedupe_key
    where h.user_id is not null`);
}
