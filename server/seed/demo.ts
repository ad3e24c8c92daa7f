import { randomBytes } from 'node:crypto';
import { count, eq, inArray, like, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { appMeta, challengeEntries, challengeParticipants, challenges, challengeScores, streaks, users } from '../db/schema.ts';
import type { Database } from '../db/index.ts';
import { hashPassword } from '../areas/auth/index.ts';
import { rebuildRankSlices } from '../lib/boards/rank-slices.ts';
import { encodeScore, sortKey, validateScore, type Division, type ScoreInput } from '#domain/scoring/index.ts';
import { ageGroupIn, categoryOf, type DivisionScheme } from '#domain/divisions.ts';
import { GYM_BEST_N } from '#domain/gym-events.ts';
import { fromCanonical, type TestUnit } from '#domain/measures.ts';
import {
  approvedRecord,
  saveRecords,
  seedAthletes,
  seedCatalogue,
  seedProfiles,
  testValue,
  trainingRecords,
  type RecordRow,
  type SeededAthlete,
  type TestRow,
  CATALOGUE,
} from '../areas/athletes/index.ts';
import { abilityFor, CAST, DEMO_ADMIN_EMAIL, DEMO_EMAIL_DOMAIN, emailOf, nameOf, onTheDay, rng, type Weights } from './cast.ts';
import { DEMO_CHALLENGES, type DemoChallenge } from '../areas/challenges/index.ts';
import { seedDemoEvent, type EventWorkout } from '../areas/events/index.ts';
import { seedDemoTeams } from '../areas/teams/index.ts';
import { seedDemoBattles } from '../areas/battles/index.ts';
import { seedDemoCommentary } from '../areas/commentary/index.ts';
import { seedDemoCreators } from '../areas/creators/index.ts';
import { seedDemoFollows } from '../areas/follows/index.ts';
import { seedDemoStories } from '../areas/stories/index.ts';
import { seedDemoAchievements, seedDemoStreaks } from '../areas/realtime/index.ts';
import { recordSignUpConsent } from '../areas/legal/index.ts';

const DAY = 86_400_000;
/** Below this ability on a workout an athlete enters Scaled. */
const RX_FROM = 0.35;
/** What Scaled's lighter loads and easier movements are worth, in ability. */
const SCALED_EASE = 0.15;

/** The domain weights of each catalogue test, for challenges linked to one. */
const TEST_WEIGHTS = new Map<string, Weights>(CATALOGUE.map((c) => [c.name, c.weights]));

/** One result of an athlete on a demo challenge, at their ability on the day. */
function resultOf(def: DemoChallenge, test: TestRow | undefined, sex: 'female' | 'male', ability: number, r: () => number) {
  if (!test) return def.score!(ability, sex, r);
  const value = testValue(test, sex, ability);
  let input: ScoreInput;
  if (test.unit === 'seconds') {
    const ms = Math.round(value) * 1000;
    const cap = def.rules.timeCapMs;
    input = cap && ms > cap ? { kind: 'capped', reps: Math.floor(((def.totalReps ?? 1) * cap) / ms) } : { kind: 'time', ms };
  } else if (test.unit === 'kg') input = { kind: 'load', value: Math.round(value / 2.5) * 2.5, unit: 'kg' };
  else input = { kind: 'count', value: Math.round(value) };
  return { input };
}

/**
 * Entrants, their scores (one to three attempts, the last the best as training shows), board
 * entries and rank slices of one running or closed challenge, as joins and submissions leave
 * them; a linked challenge's Rx bests also become approved records on its test.
 */
async function scoreChallenge(
  tx: Database,
  c: typeof challenges.$inferSelect,
  def: DemoChallenge,
  test: TestRow | undefined,
  athletes: SeededAthlete[],
  now: number,
  r: () => number,
): Promise<RecordRow[]> {
  const scheme: DivisionScheme = { sex: 'split', age: def.ageScheme ?? 'none' };
  const year = c.startsAt.getUTCFullYear();
  const weights = (test ? TEST_WEIGHTS.get(test.name) : def.weights) ?? {};
  // Stronger athletes enter more of the challenges.
  const entrants = athletes.filter((a) => r() < 0.6 + 0.35 * abilityFor(a.cast, weights));
  const participants = entrants.map((a) => {
    const ability = abilityFor(a.cast, weights);
    return {
      athlete: a,
      ability,
      row: {
        challengeId: c.id,
        userId: a.id,
        division: (ability >= RX_FROM ? 'rx' : 'scaled') as Division,
        sex: a.cast.sex,
        ageGroup: ageGroupIn(scheme.age, a.birthYear, year),
        category: categoryOf(scheme, { sex: a.cast.sex, birthYear: a.birthYear }, year)!,
        gymId: a.gymId,
        joinedAt: new Date(c.startsAt.getTime() + r() * DAY),
      },
    };
  });
  if (participants.length === 0) return [];
  await tx.insert(challengeParticipants).values(participants.map((p) => p.row));
  const scoredUntil = Math.min(now, c.endsAt.getTime());
  const scoreRows: (typeof challengeScores.$inferInsert)[] = [];
  for (const p of participants) {
    const attempts = 1 + Math.floor(r() * 3);
    for (let k = 0; k < attempts; k++) {
      const form = onTheDay(p.ability - (attempts - 1 - k) * 0.02, r) + (p.row.division === 'scaled' ? SCALED_EASE : 0);
      const made = resultOf(def, test, p.row.sex, Math.min(1, form), r);
      const encoded = validateScore(
        def.rules,
        encodeScore(def.rules, made.input, def.rules.hasTiebreak ? (made.tiebreakMs ?? null) : null),
      );
      const span = scoredUntil - c.startsAt.getTime() - DAY / 2;
      const at = c.startsAt.getTime() + DAY / 2 + ((k + r()) / attempts) * span;
      scoreRows.push({
        challengeId: c.id,
        userId: p.row.userId,
        division: p.row.division,
        status: encoded.status,
        value: encoded.value,
        tiebreakMs: encoded.tiebreakMs,
        sortKey: sortKey(def.rules, encoded, p.row.division),
        submittedAt: new Date(Math.min(at, scoredUntil - 60_000)),
      });
    }
  }
  const inserted = await tx.insert(challengeScores).values(scoreRows).returning();
  const best = new Map<number, (typeof inserted)[number]>();
  for (const s of inserted) {
    const b = best.get(s.userId);
    if (!b || s.sortKey < b.sortKey || (s.sortKey === b.sortKey && s.submittedAt < b.submittedAt)) best.set(s.userId, s);
  }
  const bests = [...best.values()];
  const placed = new Map(participants.map((p) => [p.row.userId, p]));
  await tx
    .update(challenges)
    .set({
      participantCount: participants.length,
      rxEntries: bests.filter((b) => b.division === 'rx').length,
      scaledEntries: bests.filter((b) => b.division === 'scaled').length,
    })
    .where(sql`${challenges.id} = ${c.id}`);
  await tx.insert(challengeEntries).values(
    bests.map((s) => {
      const p = placed.get(s.userId)!.row;
      return {
        challengeId: s.challengeId,
        userId: s.userId,
        scoreId: s.id,
        division: s.division,
        sex: p.sex,
        ageGroup: p.ageGroup,
        category: p.category,
        status: s.status,
        value: s.value,
        tiebreakMs: s.tiebreakMs,
        sortKey: s.sortKey,
        submittedAt: s.submittedAt,
      };
    }),
  );
  await rebuildRankSlices(tx, c.id);
  if (!test) return [];
  // A finished Rx best in a linked challenge is a record on its test, approved by a judge.
  return bests
    .filter((s) => s.division === 'rx' && s.status === 'finished')
    .map((s) => ({
      ...approvedRecord(test, placed.get(s.userId)!.athlete, fromCanonical(s.value, test.unit as TestUnit), s.submittedAt, true),
      challengeId: c.id,
      source: 'challenge',
    }));
}

/**
 * The demo world's administrator, so a visitor can see the admin pages in one press. In a database
 * seeded before it existed (`onlyInDemo`), only when that database holds the demo world.
 */
async function addDemoAdmin(db: Database, now: Date, onlyInDemo: boolean): Promise<number | null> {
  if (onlyInDemo) {
    const [demo] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, 'demo_seeded_at'));
    if (!demo) return null;
  }
  const unusable = await hashPassword(randomBytes(24).toString('base64url'), 10);
  const [row] = await db
    .insert(users)
    .values({
      email: DEMO_ADMIN_EMAIL,
      emailNormalized: DEMO_ADMIN_EMAIL,
      passwordHash: unusable,
      displayName: 'Dana Admin',
      role: 'administrator',
      createdAt: new Date(now.getTime() - 400 * DAY),
    })
    .onConflictDoNothing({ target: users.emailNormalized })
    .returning({ id: users.id });
  return row?.id ?? null;
}

/**
 * A demo world seeded before streaks were: its athletes get the streaks their scores made, once (while none of them
 * has a streak row), so a start of such a database costs one small query afterwards.
 */
async function backfillDemoStreaks(db: Database) {
  const [demo] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, 'demo_seeded_at'));
  if (!demo) return;
  const ids = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(like(users.emailNormalized, `%@${DEMO_EMAIL_DOMAIN}`))
  ).map((u) => u.id);
  if (ids.length === 0) return;
  const [any] = await db.select({ n: count() }).from(streaks).where(inArray(streaks.userId, ids));
  if ((any?.n ?? 0) > 0) return;
  await db.transaction(async (t) => seedDemoStreaks(t as unknown as Database, ids));
}

/** Fills an empty database with the demo world: one cast of athletes, their gyms, teams, tests, challenges and an event. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(users);
  // A database seeded before the tests catalogue existed gets it (and its athletes' records) now.
  if ((existing?.n ?? 0) > 0) {
    const seeded = await seedAthletes(ctx);
    await addDemoAdmin(db, ctx.now(), true);
    await backfillDemoStreaks(db);
    return seeded;
  }
  const now = ctx.now().getTime();
  const today = new Date(now);
  const r = rng(2026);
  // Demo accounts have no usable password (random, thrown away): they sign in through demo sign-in
  // (server/areas/auth/first-run.ts), which only a demo, non-production server offers.
  const unusable = await hashPassword(randomBytes(24).toString('base64url'), 10);
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const accounts = await tx
      .insert(users)
      .values(
        CAST.map((a) => ({
          email: emailOf(a),
          emailNormalized: emailOf(a),
          passwordHash: unusable,
          displayName: nameOf(a),
          createdAt: new Date(now - 400 * DAY),
        })),
      )
      .returning({ id: users.id });
    const tests = await seedCatalogue(tx, today);
    const testByName = new Map(tests.map((x) => [x.name, x]));
    const athletes = await seedProfiles(tx, accounts, today);
    const records = trainingRecords(tests, athletes, today);
    const eventWorkouts: EventWorkout[] = [];
    for (const [i, def] of DEMO_CHALLENGES.entries()) {
      const test = def.test ? testByName.get(def.test) : undefined;
      const startsAt = new Date(now + def.window[0] * DAY);
      const [c] = await tx
        .insert(challenges)
        .values({
          title: def.title,
          description: def.description,
          creatorId: athletes[(i * 7) % athletes.length]!.id,
          scoreType: def.rules.scoreType,
          timeCapMs: def.rules.timeCapMs ?? null,
          repsPerRound: def.rules.repsPerRound ?? null,
          hasTiebreak: def.rules.hasTiebreak ?? false,
          tiebreakLabel: def.rules.hasTiebreak ? 'Time at the end of the last full round' : null,
          startsAt,
          endsAt: new Date(now + def.window[1] * DAY),
          // Men and women ranked apart, with an overall board beside.
          sexDivisions: 'split',
          ageScheme: def.ageScheme ?? 'none',
          gymRule: def.gymRule ?? null,
          gymBestN: def.gymRule ? GYM_BEST_N.default : null,
          testId: test?.id ?? null,
          standards: def.standards ?? {},
          createdAt: new Date(startsAt.getTime() - 3 * DAY),
          updatedAt: new Date(startsAt.getTime() - 3 * DAY),
        })
        .returning();
      if (def.eventWorkout) eventWorkouts.push({ ...c!, position: def.eventWorkout });
      if (startsAt.getTime() <= now) records.push(...(await scoreChallenge(tx, c!, def, test, athletes, now, r)));
    }
    await saveRecords(tx, records);
    await seedDemoEvent(tx, eventWorkouts, now);
    await seedDemoTeams(tx, athletes, today);
    await seedDemoBattles(
      tx,
      athletes.map((a) => ({ id: a.id, ability: a.cast.engine })),
      now,
    );
    await seedDemoCommentary(tx, now);
    const athleteIds = athletes.map((a) => a.id);
    await seedDemoCreators(tx, athleteIds, now);
    await seedDemoFollows(tx, athleteIds, now);
    await seedDemoStories(tx, athleteIds, now);
    await seedDemoAchievements(tx, athleteIds);
    await seedDemoStreaks(tx, athleteIds);
    const admin = await addDemoAdmin(tx, today, false);
    // The demo people accepted the current terms and privacy policy when they "signed up", so a
    // visitor signing in as one is not met by the "we updated our terms" dialog.
    for (const id of [...accounts.map((a) => a.id), ...(admin ? [admin] : [])]) {
      await recordSignUpConsent(tx, id, undefined, undefined, today);
    }
    await tx.insert(appMeta).values({ key: 'demo_seeded_at', value: today.toISOString() }).onConflictDoNothing();
  });
  return true;
}
