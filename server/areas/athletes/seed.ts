import { count, like } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { athleteProfiles, gyms, personalRecords, tests, users, type ProfilePrivacy } from '#server/db/schema.ts';
import { gymNameKey } from '#domain/gyms.ts';
import { normalizedFor, refreshBests } from './bests.ts';
import { normalizeTestName } from './tests-catalogue.ts';
import type { InputUnit, Standard, TestUnit } from '#domain/measures.ts';
import { abilityFor, CAST, DEMO_EMAIL_DOMAIN, GYMS, onTheDay, rng, type CastMember, type Weights } from '#server/seed/cast.ts';
import { CATALOGUE } from './seed-catalogue.ts';

const DAY = 86_400_000;

export type TestRow = typeof tests.$inferSelect;
export type RecordRow = typeof personalRecords.$inferInsert;

/** A demo athlete as the seed knows them: their account, their place in the cast, their profile. */
export interface SeededAthlete {
  id: number;
  cast: CastMember;
  birthYear: number;
  gymId: number | null;
}

const SCORES = [0, 500, 800, 1000];
const standardFor = (sex: 'male' | 'female', values: readonly number[]): Standard => ({
  sex,
  bodyweight_min_kg: null,
  bodyweight_max_kg: null,
  anchors: values.map((value, i) => ({ score: SCORES[i]!, value })),
});

/** The value that earns `score` on a standard (piecewise-linear, the inverse of normalize). */
export function valueAt(standard: Standard, score: number): number {
  const a = standard.anchors;
  for (let i = 1; i < a.length; i++) {
    const lo = a[i - 1]!,
      hi = a[i]!;
    if (score <= hi.score || i === a.length - 1) return lo.value + ((score - lo.score) * (hi.value - lo.value)) / (hi.score - lo.score);
  }
  return a[a.length - 1]!.value;
}

/** The value an athlete of this sex reaches on a test at this ability (0 … 1), inside the test's bounds. */
export function testValue(test: TestRow, sex: 'female' | 'male', ability: number): number {
  const standard = test.standards.find((s) => s.sex === sex)!;
  return Math.min(test.maxValue, Math.max(test.minValue, valueAt(standard, ability * 1000)));
}

const pad2 = (n: number) => String(n).padStart(2, '0');
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600),
    m = Math.floor((seconds % 3600) / 60),
    s = seconds % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(s)}` : `${m}:${pad2(s)}`;
}

/** A result as an athlete would type it. */
function typed(value: number, unit: TestUnit): { value: number; raw: string; rawUnit: InputUnit } {
  if (unit === 'seconds') {
    const v = Math.round(value);
    return { value: v, raw: clock(v), rawUnit: 'mm:ss' };
  }
  if (unit === 'kg') {
    const v = Math.round(value / 2.5) * 2.5;
    return { value: v, raw: String(v), rawUnit: 'kg' };
  }
  const v = Math.max(0, Math.round(value));
  return { value: v, raw: String(v), rawUnit: unit === 'reps' ? 'reps' : (unit as InputUnit) };
}

/** An approved personal record of a value, as a judge would have left it. */
export function approvedRecord(test: TestRow, athlete: SeededAthlete, value: number, achieved: Date, evidence: boolean): RecordRow {
  const entry = typed(value, test.unit as TestUnit);
  const v = Math.min(test.maxValue, Math.max(test.minValue, entry.value));
  return {
    userId: athlete.id,
    testId: test.id,
    value: v,
    rawValue: entry.raw,
    rawUnit: entry.rawUnit,
    achievedOn: achieved.toISOString().slice(0, 10),
    evidenceUrl: evidence ? 'https://video.example.com/demo-attempt' : null,
    status: 'approved',
    normalizedScore: normalizedFor(test, { sex: athlete.cast.sex, bodyweightKg: athlete.cast.bodyweightKg }, v),
    reviewedAt: new Date(achieved.getTime() + DAY),
    submittedAt: achieved,
  };
}

/** The standard tests catalogue (once: nothing when it has tests already). */
export async function seedCatalogue(tx: Database, now: Date): Promise<TestRow[]> {
  const [existing] = await tx.select({ n: count() }).from(tests);
  if ((existing?.n ?? 0) > 0) return [];
  return tx
    .insert(tests)
    .values(
      CATALOGUE.map((c) => ({
        name: c.name,
        nameNormalized: normalizeTestName(c.name),
        description: c.description,
        category: c.category,
        movement: c.movement,
        unit: c.unit,
        direction: c.direction,
        minValue: c.min,
        maxValue: c.max,
        standards: [standardFor('male', c.male), standardFor('female', c.female)],
        status: 'active',
        createdAt: new Date(now.getTime() - 400 * DAY),
        updatedAt: new Date(now.getTime() - 400 * DAY),
      })),
    )
    .returning();
}

/** The demo gyms and the cast's profiles (the accounts are given in cast order). */
export async function seedProfiles(tx: Database, accounts: { id: number }[], now: Date): Promise<SeededAthlete[]> {
  const gymRows = await tx
    .insert(gyms)
    .values(
      GYMS.map((g, i) => ({
        ...g,
        nameKey: gymNameKey(g.name),
        verified: i < GYMS.length - 1,
        createdAt: new Date(now.getTime() - 400 * DAY),
      })),
    )
    .onConflictDoNothing()
    .returning();
  const gymIds = new Map(gymRows.map((g) => [g.name, g.id]));
  const athletes = accounts.slice(0, CAST.length).map((a, i) => {
    const cast = CAST[i]!;
    return { id: a.id, cast, birthYear: now.getUTCFullYear() - cast.age, gymId: gymIds.get(cast.gym) ?? null };
  });
  await tx
    .insert(athleteProfiles)
    .values(
      athletes.map((a, i) => {
        // Some keep their age, bodyweight or records to themselves, as real athletes do.
        const privacy: ProfilePrivacy = {
          sex: 'public',
          birth_year: i % 5 === 4 ? 'private' : 'public',
          bodyweight: i % 3 === 2 ? 'private' : 'public',
          gym: 'public',
          bio: 'public',
          records: i === 17 ? 'private' : 'public',
        };
        return {
          userId: a.id,
          sex: a.cast.sex,
          birthYear: a.birthYear,
          bodyweightKg: a.cast.bodyweightKg,
          gym: a.cast.gym,
          gymId: a.gymId,
          units: i % 4 === 3 ? 'imperial' : 'metric',
          bio: '',
          privacy,
          updatedAt: new Date(now.getTime() - 200 * DAY),
        };
      }),
    )
    .onConflictDoNothing();
  return athletes;
}

/**
 * A year of approved personal records per athlete and test, each at the athlete's ability on that
 * test (older attempts a little weaker, so progress charts climb), and a few fresh ones waiting
 * for a judge. Beginners have not tried every test yet.
 */
export function trainingRecords(created: TestRow[], athletes: SeededAthlete[], now: Date): RecordRow[] {
  const r = rng(1950);
  const weightsOf = new Map(CATALOGUE.map((c) => [c.name, c.weights as Weights]));
  const rows: RecordRow[] = [];
  athletes.forEach((athlete, i) => {
    const overall = abilityFor(athlete.cast, { strength: 1, engine: 1, gymnastics: 1 });
    for (const test of created) {
      if (overall < 0.5 && r() < 0.35) continue;
      const ability = abilityFor(athlete.cast, weightsOf.get(test.name) ?? {});
      const attempts = 1 + Math.floor(r() * 4);
      for (let k = 0; k < attempts; k++) {
        const daysAgo = 7 + Math.floor(((attempts - 1 - k) / attempts) * 300 + r() * 50);
        const form = onTheDay(ability - (attempts - 1 - k) * 0.035, r, 0.02);
        rows.push(
          approvedRecord(test, athlete, testValue(test, athlete.cast.sex, form), new Date(now.getTime() - daysAgo * DAY), r() < 0.3),
        );
      }
    }
    // A few fresh submissions wait for a judge.
    if (i % 6 === 1) {
      const test = created[i % created.length]!;
      const ability = abilityFor(athlete.cast, weightsOf.get(test.name) ?? {});
      const entry = typed(testValue(test, athlete.cast.sex, Math.min(0.99, ability + 0.04)), test.unit as TestUnit);
      rows.push({
        userId: athlete.id,
        testId: test.id,
        value: entry.value,
        rawValue: entry.raw,
        rawUnit: entry.rawUnit,
        achievedOn: new Date(now.getTime() - 2 * DAY).toISOString().slice(0, 10),
        note: 'New best at the Saturday session.',
        status: 'pending',
        submittedAt: new Date(now.getTime() - DAY),
      });
    }
  });
  return rows;
}

/** Saves records and moves every derived table (test bests, Global Ranks totals and counts) with them. */
export async function saveRecords(tx: Database, rows: RecordRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(personalRecords).values(rows.slice(i, i + 500));
  const pairs = new Map(
    rows.filter((x) => x.status === 'approved').map((x) => [`${x.userId}:${x.testId}`, { userId: x.userId, testId: x.testId }]),
  );
  await refreshBests(tx, [...pairs.values()]);
}

/**
 * For a database seeded before the tests catalogue existed: the catalogue, and for its demo
 * athletes profiles and records. Runs once: nothing when the catalogue has tests.
 */
export async function seedAthletes(ctx: AppContext): Promise<boolean> {
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const created = await seedCatalogue(tx, now);
    if (created.length === 0) return false;
    const accounts = await tx
      .select({ id: users.id })
      .from(users)
      .where(like(users.emailNormalized, `%@${DEMO_EMAIL_DOMAIN}`))
      .orderBy(users.id);
    if (accounts.length === 0) return true;
    const athletes = await seedProfiles(tx, accounts, now);
    await saveRecords(tx, trainingRecords(created, athletes, now));
    return true;
  });
}
