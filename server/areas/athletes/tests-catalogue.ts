import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { personalRecords, historicalResults, tests } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import {
  checkBounds,
  MeasureError,
  normalize,
  pickStandard,
  toTestUnit,
  validateStandard,
  type Direction,
  type InputUnit,
  type Standard,
  type TestUnit,
} from '#domain/measures.ts';
import type { Movement, TestCategory } from '#domain/test-catalogue.ts';
import { athletesWithBestsOn, normalizedFor, refreshBests, refreshGlobalScores } from './bests.ts';
import { rowsOf } from '#server/db/rows.ts';

export type TestRow = typeof tests.$inferSelect;
export type TestStatus = 'draft' | 'active' | 'retired';

export interface TestInput {
  name: string;
  description?: string;
  category: TestCategory;
  movement: Movement;
  unit: TestUnit;
  direction: Direction;
  min_value: number;
  max_value: number;
  standards: Standard[];
  status?: TestStatus;
}

/** Who is looking: admins and editors see drafts and retired tests too. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/** How names are compared: case and spacing do not make a different test. */
export const normalizeTestName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Turns a MeasureError from the shared rules into a 400 in the same words. */
export function measured<T>(work: () => T, prefix = ''): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof MeasureError) throw badRequest(`${prefix}${error.message}`);
    throw error;
  }
}

export function presentTest(t: TestRow, counts: { athletes: number; pending: number } = { athletes: 0, pending: 0 }) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    category: t.category as TestCategory,
    movement: t.movement as Movement,
    unit: t.unit as TestUnit,
    direction: t.direction as Direction,
    min_value: t.minValue,
    max_value: t.maxValue,
    standards: t.standards,
    status: t.status as TestStatus,
    athletes_count: counts.athletes,
    pending_count: counts.pending,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
export type TestView = ReturnType<typeof presentTest>;

/** Athletes ranked and submissions waiting, per test, in two grouped counts. */
async function countsFor(db: Database, ids: number[]) {
  const counts = new Map<number, { athletes: number; pending: number }>(ids.map((id) => [id, { athletes: 0, pending: 0 }]));
  if (ids.length === 0) return counts;
  const json = JSON.stringify(ids);
  const rows = await rowsOf<{ test_id: number; athletes: number; pending: number }>(
    db,
    sql`with ids as (select value::int as test_id from jsonb_array_elements_text(${json}::jsonb))
      select ids.test_id,
        (select count(*)::int from test_bests b where b.test_id = ids.test_id) as athletes,
        (select count(*)::int from personal_records r where r.test_id = ids.test_id and r.status = 'pending') as pending
      from ids`,
  );
  for (const r of rows) counts.set(Number(r.test_id), { athletes: Number(r.athletes), pending: Number(r.pending) });
  return counts;
}

export async function presentTests(db: Database, rows: TestRow[]) {
  const counts = await countsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentTest(r, counts.get(r.id)));
}

/** A test the viewer may see: everyone sees active ones, admins and editors every one. */
export async function loadTest(db: Database, id: number, viewer: Viewer | null): Promise<TestRow> {
  const [t] = await db.select().from(tests).where(eq(tests.id, id));
  if (!t || (t.status !== 'active' && !viewer?.isAdmin)) throw notFound('No test with that id.');
  return t;
}

export async function getTest(ctx: AppContext, id: number, viewer: Viewer | null) {
  const db = ctx.database.db;
  return (await presentTests(db, [await loadTest(db, id, viewer)]))[0]!;
}

export async function listTests(
  ctx: AppContext,
  q: { status?: TestStatus; category?: TestCategory; search?: string },
  viewer: Viewer | null,
) {
  const db = ctx.database.db;
  const where: SQL[] = [];
  const status = viewer?.isAdmin ? q.status : 'active';
  if (!viewer?.isAdmin && q.status && q.status !== 'active') return { items: [] };
  if (status) where.push(eq(tests.status, status));
  if (q.category) where.push(eq(tests.category, q.category));
  const search = q.search?.trim();
  if (search) where.push(ilike(tests.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const rows = await db
    .select()
    .from(tests)
    .where(and(...where))
    .orderBy(asc(tests.category), asc(tests.nameNormalized));
  return { items: await presentTests(db, rows) };
}

/** The active tests an athlete can submit records for. */
export async function listMasterTests(ctx: AppContext) {
  return listTests(ctx, { status: 'active' }, null);
}

/** Checks a test as given, worded for the admin who typed it. */
function checkTestInput(input: TestInput) {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2) throw badRequest('The name needs at least 2 characters.');
  if (!(input.min_value < input.max_value)) {
    throw badRequest(`The lowest possible value (${input.min_value}) must be below the highest (${input.max_value}).`);
  }
  input.standards.forEach((s, i) => {
    measured(() => validateStandard(s, input.direction), `Standard ${i + 1} (${s.sex}${bodyweightLabel(s)}): `);
  });
  return {
    name,
    nameNormalized: normalizeTestName(name),
    description: (input.description ?? '').trim(),
    category: input.category,
    movement: input.movement,
    unit: input.unit,
    direction: input.direction,
    minValue: input.min_value,
    maxValue: input.max_value,
    standards: input.standards.map((s) => ({
      sex: s.sex,
      bodyweight_min_kg: s.bodyweight_min_kg,
      bodyweight_max_kg: s.bodyweight_max_kg,
      anchors: [...s.anchors].map((a) => ({ score: a.score, value: a.value })).sort((a, b) => a.score - b.score),
    })),
  };
}

function bodyweightLabel(s: Standard) {
  if (s.bodyweight_min_kg === null && s.bodyweight_max_kg === null) return '';
  if (s.bodyweight_max_kg === null) return `, ${s.bodyweight_min_kg} kg and over`;
  if (s.bodyweight_min_kg === null) return `, under ${s.bodyweight_max_kg} kg`;
  return `, ${s.bodyweight_min_kg}–${s.bodyweight_max_kg} kg`;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
};
const nameTaken = (name: string) => conflict(`A test named “${name}” already exists.`);

async function assertNameFree(db: Database, nameNormalized: string, name: string, exceptId?: number) {
  const [other] = await db.select({ id: tests.id }).from(tests).where(eq(tests.nameNormalized, nameNormalized));
  if (other && other.id !== exceptId) throw nameTaken(name);
}

export async function createTest(ctx: AppContext, adminId: number, input: TestInput) {
  const db = ctx.database.db;
  const values = checkTestInput(input);
  await assertNameFree(db, values.nameNormalized, values.name);
  const now = ctx.now();
  try {
    const [row] = await db
      .insert(tests)
      .values({ ...values, status: input.status ?? 'draft', createdBy: adminId, createdAt: now, updatedAt: now })
      .returning();
    return presentTest(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values.name);
    throw error;
  }
}

/**
 * Saves a test. Once any result exists its unit and direction stay; changed standards
 * re-score every approved result and refresh bests and global scores in the same transaction.
 */
export async function updateTest(ctx: AppContext, id: number, input: TestInput) {
  const db = ctx.database.db;
  const values = checkTestInput(input);
  const now = ctx.now();
  try {
    const saved = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const [current] = await tx.select().from(tests).where(eq(tests.id, id)).for('update');
      if (!current) throw notFound('No test with that id.');
      await assertNameFree(t, values.nameNormalized, values.name, id);
      if (values.unit !== current.unit || values.direction !== current.direction) {
        const [used] = await tx.select({ id: personalRecords.id }).from(personalRecords).where(eq(personalRecords.testId, id)).limit(1);
        if (used) throw conflict('Results have been recorded for this test, so its unit and direction can no longer change.');
      }
      const status = input.status ?? (current.status as TestStatus);
      const [row] = await tx
        .update(tests)
        .set({ ...values, status, updatedAt: now })
        .where(eq(tests.id, id))
        .returning();
      if (JSON.stringify(current.standards) !== JSON.stringify(values.standards)) await rescoreTest(t, row!);
      else if (status !== current.status) await refreshGlobalScores(t, await athletesWithBestsOn(t, id));
      return row!;
    });
    return (await presentTests(db, [saved]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values.name);
    throw error;
  }
}

/** Re-normalizes every approved result of a test with its current standards, then its bests and global scores. */
async function rescoreTest(tx: Database, test: TestRow) {
  const rows = await rowsOf<{ id: number; user_id: number; value: number; sex: string | null; bodyweight_kg: number | null }>(
    tx,
    sql`select r.id, r.user_id, r.value, p.sex, p.bodyweight_kg
      from personal_records r left join athlete_profiles p on p.user_id = r.user_id
      where r.test_id = ${test.id} and r.status = 'approved'`,
  );
  if (rows.length === 0) return;
  const scores = rows.map((r) => ({
    id: Number(r.id),
    score: normalizedFor(test, { sex: r.sex, bodyweightKg: r.bodyweight_kg === null ? null : Number(r.bodyweight_kg) }, Number(r.value)),
  }));
  await tx.execute(sql`update personal_records r set normalized_score = s.score
    from jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as s(id int, score int) where r.id = s.id`);
  const users = [...new Set(rows.map((r) => Number(r.user_id)))];
  await refreshBests(
    tx,
    users.map((userId) => ({ userId, testId: test.id })),
  );
}

export async function setTestStatus(ctx: AppContext, id: number, status: TestStatus) {
  const db = ctx.database.db;
  const saved = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [current] = await tx.select().from(tests).where(eq(tests.id, id)).for('update');
    if (!current) throw notFound('No test with that id.');
    if (current.status === status) return current;
    const [row] = await tx.update(tests).set({ status, updatedAt: ctx.now() }).where(eq(tests.id, id)).returning();
    // Only active tests count toward the global score.
    await refreshGlobalScores(t, await athletesWithBestsOn(t, id));
    return row!;
  });
  return (await presentTests(db, [saved]))[0]!;
}

export async function deleteTest(ctx: AppContext, id: number) {
  await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tests).where(eq(tests.id, id)).for('update');
    if (!current) throw notFound('No test with that id.');
    const [record] = await tx.select({ id: personalRecords.id }).from(personalRecords).where(eq(personalRecords.testId, id)).limit(1);
    const [historical] = await tx
      .select({ id: historicalResults.id })
      .from(historicalResults)
      .where(eq(historicalResults.testId, id))
      .limit(1);
    if (record || historical) throw conflict(`Results have been recorded for ${current.name}, so it cannot be deleted: retire it instead.`);
    await tx.delete(tests).where(eq(tests.id, id));
  });
}

/** A raw result in the test's unit and the 0–1000 score it would earn for an athlete of this sex and bodyweight. */
export async function normalizeResult(
  ctx: AppContext,
  id: number,
  input: { value: string | number; unit: InputUnit; sex?: 'male' | 'female'; bodyweight_kg?: number },
) {
  const t = await loadTest(ctx.database.db, id, null);
  const unit = t.unit as TestUnit;
  const value = measured(() => toTestUnit(input.value, input.unit, unit));
  measured(() => checkBounds(value, { min: t.minValue, max: t.maxValue }, unit, t.name));
  const standard = pickStandard(t.standards, input.sex ?? null, input.bodyweight_kg ?? null);
  return {
    value,
    unit,
    normalized_score: standard ? measured(() => normalize(value, t.direction as Direction, standard)) : null,
    standard,
  };
}

/** Tests by id, for presenting records. */
export async function testsById(db: Database, ids: number[]) {
  const rows = ids.length
    ? await db
        .select()
        .from(tests)
        .where(inArray(tests.id, [...new Set(ids)]))
    : [];
  return new Map(rows.map((t) => [t.id, t]));
}
