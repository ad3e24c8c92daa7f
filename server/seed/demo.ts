import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { appMeta, challengeEntries, challengeParticipants, challenges, challengeScores, users } from '../db/schema.ts';
import { hashPassword } from '../services/passwords.ts';
import { seedAthletes } from './athletes.ts';
import { seedDemoEvent } from './events.ts';
import { rebuildRankSlices } from '../services/challenges/index.ts';
import type { Database } from '../db/index.ts';
import { encodeScore, sortKey, validateScore, type Division, type ScoreInput, type ScoringRules } from '../../domain/scoring/index.ts';

const FIRST = [
  'Ana',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Femi',
  'Grace',
  'Hiro',
  'Isla',
  'Jonas',
  'Kai',
  'Lena',
  'Mateo',
  'Nia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Aiden',
  'Bea',
  'Carlos',
  'Dara',
];
const LAST = ['Silva', 'Okafor', 'Nguyen', 'Kowalski', 'Haddad', 'Brooks', 'Sato', 'Larsen', 'Moreau', 'Patel'];

/** A small deterministic random source, so the demo world is the same on every first start. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface DemoChallenge {
  title: string;
  description: string;
  rules: ScoringRules;
  /** Start and end, in days from now. */
  window: [number, number];
  /** Loads stated for the women's and men's divisions (every demo challenge ranks them apart). */
  standards?: { female: string; male: string };
  /** Makes one athlete's result from their ability (0 weak … 1 elite) and a random number. */
  score: (ability: number, r: () => number) => { input: ScoreInput; tiebreakMs?: number };
}

const DAY = 86_400_000;

const CATALOGUE: DemoChallenge[] = [
  {
    title: 'Fran',
    description: '21-15-9 reps for time of:\nThrusters (43/29 kg)\nPull-ups\n\nTime cap: 10 minutes.',
    standards: { female: 'Thrusters 29 kg; Scaled 15 kg, banded pull-ups', male: 'Thrusters 43 kg; Scaled 25 kg, banded pull-ups' },
    rules: { scoreType: 'time', timeCapMs: 600_000 },
    window: [-5, 9],
    score: (a, r) =>
      a < 0.15
        ? { input: { kind: 'capped', reps: 60 + Math.floor(r() * 30) } }
        : { input: { kind: 'time', ms: Math.round((9.5 - a * 7.3 + r()) * 60) * 1000 } },
  },
  {
    title: 'Cindy',
    description: 'As many rounds and reps as possible in 20 minutes of:\n5 pull-ups\n10 push-ups\n15 air squats',
    rules: { scoreType: 'rounds_reps', repsPerRound: 30, hasTiebreak: true },
    window: [-3, 11],
    score: (a, r) => ({
      input: { kind: 'rounds_reps', rounds: Math.floor(8 + a * 20 + r() * 3), reps: Math.floor(r() * 30) },
      tiebreakMs: Math.round((17 + r() * 3) * 60) * 1000,
    }),
  },
  {
    title: 'Back squat 1RM',
    description: 'Build to a one-rep max back squat. Below parallel, full lockout.',
    rules: { scoreType: 'load' },
    window: [-10, 4],
    score: (a, r) => ({ input: { kind: 'load', value: Math.round((70 + a * 130 + r() * 15) * 2) / 2, unit: 'kg' } }),
  },
  {
    title: 'Max unbroken pull-ups',
    description: 'One set, no dropping off the bar.',
    rules: { scoreType: 'reps' },
    window: [-2, 12],
    score: (a, r) => ({ input: { kind: 'count', value: Math.floor(3 + a * 40 + r() * 6) } }),
  },
  {
    title: '20-minute row for distance',
    description: 'Row as far as you can in 20 minutes. Damper at your choice.',
    rules: { scoreType: 'distance' },
    window: [-6, 8],
    score: (a, r) => ({ input: { kind: 'distance', value: Math.round(3800 + a * 2100 + r() * 200), unit: 'm' } }),
  },
  {
    title: 'Assault bike calorie test',
    description: 'Max calories in 10 minutes on an air bike.',
    rules: { scoreType: 'calories' },
    window: [-4, 10],
    score: (a, r) => ({ input: { kind: 'count', value: Math.floor(90 + a * 110 + r() * 15) } }),
  },
  {
    title: 'Gymnastics skills ladder',
    description: 'Points per skill: strict pull-up 1, toes-to-bar 2, chest-to-bar 3, bar muscle-up 5, ring muscle-up 8.',
    rules: { scoreType: 'points' },
    window: [-1, 13],
    score: (a, r) => ({ input: { kind: 'count', value: Math.floor(20 + a * 160 + r() * 20) } }),
  },
  {
    title: 'Murph (partitioned)',
    description: '1 mile run, 100 pull-ups, 200 push-ups, 300 squats, 1 mile run. Vest optional.',
    rules: { scoreType: 'time', timeCapMs: 4_200_000, hasTiebreak: true },
    window: [-30, -2],
    score: (a, r) => ({
      input: { kind: 'time', ms: Math.round((66 - a * 32 + r() * 3) * 60) * 1000 },
      tiebreakMs: Math.round((8 + r() * 4) * 60) * 1000,
    }),
  },
  {
    title: 'Deadlift 5RM',
    description: 'Heaviest set of five touch-and-go deadlifts.',
    rules: { scoreType: 'load' },
    window: [-40, -20],
    score: (a, r) => ({ input: { kind: 'load', value: Math.round(180 + a * 230 + r() * 20), unit: 'lb' } }),
  },
  {
    title: 'Burpee mile',
    description: 'Max burpees in 12 minutes.',
    rules: { scoreType: 'reps' },
    window: [-60, -45],
    score: (a, r) => ({ input: { kind: 'count', value: Math.floor(90 + a * 110 + r() * 10) } }),
  },
  {
    title: 'Summer 5k',
    description: 'Run 5 km for time, any course.',
    rules: { scoreType: 'time' },
    window: [3, 17],
    score: () => ({ input: { kind: 'time', ms: 1_500_000 } }),
  },
  {
    title: 'Spring throwdown: Grace',
    description: '30 clean and jerks (61/43 kg) for time.',
    standards: { female: 'Clean and jerk 43 kg; Scaled 25 kg', male: 'Clean and jerk 61 kg; Scaled 43 kg' },
    rules: { scoreType: 'time', timeCapMs: 480_000 },
    window: [7, 21],
    score: () => ({ input: { kind: 'time', ms: 240_000 } }),
  },
];

/** The running challenges the demo event ranks together, in order. */
const EVENT_WORKOUTS = ['Fran', 'Cindy', 'Max unbroken pull-ups'];

/** Fills an empty database with a demo world: athletes, challenges of every score type and state, scores. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(users);
  // A database seeded before the tests catalogue existed gets it (and its athletes' records) now.
  if ((existing?.n ?? 0) > 0) return seedAthletes(ctx);
  const now = ctx.now().getTime();
  const r = rng(2026);
  // Demo athletes cannot sign in: their password is random and thrown away.
  const unusable = await hashPassword(randomBytes(24).toString('base64url'), 10);
  const athletes = await db
    .insert(users)
    .values(
      FIRST.map((first, i) => ({
        email: `${first.toLowerCase()}.${LAST[i % LAST.length]!.toLowerCase()}@demo.repforge.local`,
        emailNormalized: `${first.toLowerCase()}.${LAST[i % LAST.length]!.toLowerCase()}@demo.repforge.local`,
        passwordHash: unusable,
        displayName: `${first} ${LAST[i % LAST.length]}`,
        createdAt: new Date(now - 90 * DAY),
      })),
    )
    .returning({ id: users.id });
  const ability = new Map(athletes.map((a) => [a.id, r()]));
  const sexOf = new Map(athletes.map((a, i) => [a.id, i % 2 === 0 ? 'female' : 'male']));
  /** The demo event's workouts (see EVENT_WORKOUTS). */
  const eventWorkouts: { id: number; creatorId: number }[] = [];
  await db.transaction(async (tx) => {
    for (const [i, def] of CATALOGUE.entries()) {
      const startsAt = new Date(now + def.window[0] * DAY);
      const endsAt = new Date(now + def.window[1] * DAY);
      const [c] = await tx
        .insert(challenges)
        .values({
          title: def.title,
          description: def.description,
          creatorId: athletes[i % athletes.length]!.id,
          scoreType: def.rules.scoreType,
          timeCapMs: def.rules.timeCapMs ?? null,
          repsPerRound: def.rules.repsPerRound ?? null,
          hasTiebreak: def.rules.hasTiebreak ?? false,
          tiebreakLabel: def.rules.hasTiebreak ? 'Time at the end of the last full round' : null,
          startsAt,
          endsAt,
          // Men and women ranked apart, with an overall board beside.
          sexDivisions: 'split',
          standards: def.standards ?? {},
          createdAt: new Date(startsAt.getTime() - 3 * DAY),
          updatedAt: new Date(startsAt.getTime() - 3 * DAY),
        })
        .returning();
      if (EVENT_WORKOUTS.includes(def.title)) eventWorkouts.push({ id: c!.id, creatorId: c!.creatorId });
      if (startsAt.getTime() > now) continue;
      const entrants = athletes.filter(() => r() < 0.85);
      const scoredUntil = Math.min(now, endsAt.getTime());
      const participants = entrants.map((a) => ({
        challengeId: c!.id,
        userId: a.id,
        division: (ability.get(a.id)! > 0.35 ? 'rx' : 'scaled') as Division,
        sex: sexOf.get(a.id)!,
        category: sexOf.get(a.id)!,
        joinedAt: new Date(startsAt.getTime() + r() * DAY),
      }));
      if (participants.length === 0) continue;
      await tx.insert(challengeParticipants).values(participants);
      await tx
        .update(challenges)
        .set({ participantCount: participants.length })
        .where(sql`${challenges.id} = ${c!.id}`);
      const scoreRows = [];
      for (const p of participants) {
        const attempts = 1 + Math.floor(r() * 3);
        for (let k = 0; k < attempts; k++) {
          const made = def.score(Math.min(1, ability.get(p.userId)! + (k - 1) * 0.03), r);
          const encoded = validateScore(
            def.rules,
            encodeScore(def.rules, made.input, def.rules.hasTiebreak ? (made.tiebreakMs ?? null) : null),
          );
          const at = startsAt.getTime() + DAY / 2 + r() * (scoredUntil - startsAt.getTime() - DAY / 2);
          scoreRows.push({
            challengeId: c!.id,
            userId: p.userId,
            division: p.division,
            status: encoded.status,
            value: encoded.value,
            tiebreakMs: encoded.tiebreakMs,
            sortKey: sortKey(def.rules, encoded, p.division),
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
      await tx
        .update(challenges)
        .set({
          rxEntries: bests.filter((b) => b.division === 'rx').length,
          scaledEntries: bests.filter((b) => b.division === 'scaled').length,
        })
        .where(sql`${challenges.id} = ${c!.id}`);
      await tx.insert(challengeEntries).values(
        [...best.values()].map((s) => ({
          challengeId: s.challengeId,
          userId: s.userId,
          scoreId: s.id,
          division: s.division,
          sex: sexOf.get(s.userId)!,
          category: sexOf.get(s.userId)!,
          status: s.status,
          value: s.value,
          tiebreakMs: s.tiebreakMs,
          sortKey: s.sortKey,
          submittedAt: s.submittedAt,
        })),
      );
      await rebuildRankSlices(tx as unknown as Database, c!.id);
    }
    await seedDemoEvent(tx as unknown as Database, eventWorkouts, now);
    await tx
      .insert(appMeta)
      .values({ key: 'demo_seeded_at', value: new Date(now).toISOString() })
      .onConflictDoNothing();
  });
  await seedAthletes(ctx);
  return true;
}
