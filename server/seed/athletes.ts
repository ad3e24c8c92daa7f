import { count, like } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { athleteProfiles, gyms, personalRecords, tests, users, type ProfilePrivacy } from '../db/schema.ts';
import { gymNameKey } from '../../domain/gyms.ts';
import { normalizedFor, refreshBests } from '../services/athletes/bests.ts';
import { normalizeTestName } from '../services/athletes/tests-catalogue.ts';
import type { Direction, InputUnit, Standard, TestUnit } from '../../domain/measures.ts';
import type { Movement, TestCategory } from '../../domain/test-catalogue.ts';

const DAY = 86_400_000;
const DEMO_EMAIL = '%@demo.repforge.local';
const GYMS = ['Harbour Barbell', 'North Shore CrossFit', 'Iron Yard', 'Riverside Athletics', 'Summit Strength'];
const GYM_PLACES: Record<string, { city: string; country: string }> = {
  'Harbour Barbell': { city: 'Bristol', country: 'GB' },
  'North Shore CrossFit': { city: 'Auckland', country: 'NZ' },
  'Iron Yard': { city: 'Denver', country: 'US' },
  'Riverside Athletics': { city: 'Brisbane', country: 'AU' },
  'Summit Strength': { city: 'Calgary', country: 'CA' },
};

interface CatalogueTest {
  name: string;
  description: string;
  category: TestCategory;
  movement: Movement;
  unit: TestUnit;
  direction: Direction;
  min: number;
  max: number;
  /** Anchors at 0, 500, 800 and 1000 points, for men and for women. */
  male: [number, number, number, number];
  female: [number, number, number, number];
}

/** Values no person reaches lie outside min–max; the anchors follow common strength and running standards. */
const CATALOGUE: CatalogueTest[] = [
  {
    name: '1-mile run',
    description: 'One mile (1,609 m) on a track or measured course, for time.',
    category: 'endurance',
    movement: 'run',
    unit: 'seconds',
    direction: 'lower',
    min: 215,
    max: 3600,
    male: [720, 420, 345, 270],
    female: [840, 495, 405, 315],
  },
  {
    name: '5 km run',
    description: '5,000 m on a measured course, for time.',
    category: 'endurance',
    movement: 'run',
    unit: 'seconds',
    direction: 'lower',
    min: 750,
    max: 10800,
    male: [2700, 1500, 1260, 1020],
    female: [3000, 1740, 1440, 1140],
  },
  {
    name: '2,000 m row',
    description: '2,000 m on a rowing ergometer, damper at your choice, for time.',
    category: 'endurance',
    movement: 'row',
    unit: 'seconds',
    direction: 'lower',
    min: 320,
    max: 1800,
    male: [600, 450, 405, 370],
    female: [690, 510, 465, 420],
  },
  {
    name: '500 m row',
    description: '500 m sprint on a rowing ergometer, for time.',
    category: 'conditioning',
    movement: 'row',
    unit: 'seconds',
    direction: 'lower',
    min: 70,
    max: 400,
    male: [150, 105, 95, 85],
    female: [170, 120, 108, 97],
  },
  {
    name: 'Max pull-ups',
    description: 'Strict or kipping pull-ups in one set without dropping off the bar; chin over the bar each rep.',
    category: 'gymnastics',
    movement: 'pull',
    unit: 'reps',
    direction: 'higher',
    min: 0,
    max: 120,
    male: [0, 12, 22, 35],
    female: [0, 5, 12, 22],
  },
  {
    name: 'Max push-ups in 2 minutes',
    description: 'Chest to the floor, full lockout; rest only in the plank.',
    category: 'gymnastics',
    movement: 'press',
    unit: 'reps',
    direction: 'higher',
    min: 0,
    max: 200,
    male: [0, 45, 70, 95],
    female: [0, 25, 45, 70],
  },
  {
    name: 'Back squat 1RM',
    description: 'One-rep max high- or low-bar back squat, hip crease below the knee.',
    category: 'strength',
    movement: 'squat',
    unit: 'kg',
    direction: 'higher',
    min: 10,
    max: 500,
    male: [40, 130, 180, 230],
    female: [25, 80, 115, 150],
  },
  {
    name: 'Deadlift 1RM',
    description: 'One-rep max conventional or sumo deadlift, lockout at the top.',
    category: 'strength',
    movement: 'hinge',
    unit: 'kg',
    direction: 'higher',
    min: 10,
    max: 520,
    male: [50, 160, 215, 270],
    female: [30, 100, 140, 180],
  },
  {
    name: 'Bench press 1RM',
    description: 'One-rep max bench press, touch the chest, no bounce.',
    category: 'strength',
    movement: 'press',
    unit: 'kg',
    direction: 'higher',
    min: 5,
    max: 360,
    male: [30, 95, 130, 170],
    female: [15, 50, 70, 95],
  },
  {
    name: 'Strict press 1RM',
    description: 'One-rep max standing overhead press, no leg drive.',
    category: 'strength',
    movement: 'press',
    unit: 'kg',
    direction: 'higher',
    min: 5,
    max: 230,
    male: [20, 60, 80, 100],
    female: [10, 35, 50, 65],
  },
  {
    name: 'Fran',
    description: '21-15-9 reps for time of thrusters (43/29 kg) and pull-ups.',
    category: 'benchmark',
    movement: 'mixed',
    unit: 'seconds',
    direction: 'lower',
    min: 100,
    max: 3600,
    male: [900, 360, 210, 150],
    female: [1000, 420, 250, 170],
  },
  {
    name: 'Murph',
    description: '1 mile run, 100 pull-ups, 200 push-ups, 300 air squats, 1 mile run; partition as you like, for time.',
    category: 'benchmark',
    movement: 'mixed',
    unit: 'seconds',
    direction: 'lower',
    min: 1500,
    max: 10800,
    male: [4800, 3000, 2400, 2040],
    female: [5400, 3360, 2700, 2280],
  },
  {
    name: 'Max box jumps in 1 minute',
    description: 'Box jumps (60/50 cm), full hip extension on top.',
    category: 'power',
    movement: 'jump',
    unit: 'reps',
    direction: 'higher',
    min: 0,
    max: 80,
    male: [10, 30, 40, 50],
    female: [8, 25, 35, 44],
  },
];

const SCORES = [0, 500, 800, 1000];
const standardFor = (sex: 'male' | 'female', values: number[]): Standard => ({
  sex,
  bodyweight_min_kg: null,
  bodyweight_max_kg: null,
  anchors: values.map((value, i) => ({ score: SCORES[i]!, value })),
});

/** The value that earns `score` on a standard (piecewise-linear, the inverse of normalize). */
function valueAt(standard: Standard, score: number): number {
  const a = standard.anchors;
  for (let i = 1; i < a.length; i++) {
    const lo = a[i - 1]!,
      hi = a[i]!;
    if (score <= hi.score || i === a.length - 1) return lo.value + ((score - lo.score) * (hi.value - lo.value)) / (hi.score - lo.score);
  }
  return a[a.length - 1]!.value;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
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

/**
 * The standard tests catalogue, and for the demo athletes: profiles, a year of approved
 * personal records (so progress charts have points) and a few waiting for review.
 * Runs once: it does nothing when the catalogue already has tests.
 */
export async function seedAthletes(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(tests);
  if ((existing?.n ?? 0) > 0) return false;
  const now = ctx.now();
  const r = rng(1950);
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    const created = await tx
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
    const athletes = await tx.select({ id: users.id }).from(users).where(like(users.emailNormalized, DEMO_EMAIL)).orderBy(users.id);
    if (athletes.length === 0) return;

    // The demo gyms: the first four verified, the last one waiting for an editor.
    const gymRows = await tx
      .insert(gyms)
      .values(
        GYMS.map((name, i) => ({
          name,
          nameKey: gymNameKey(name),
          ...GYM_PLACES[name]!,
          verified: i < GYMS.length - 1,
          createdAt: new Date(now.getTime() - 400 * DAY),
        })),
      )
      .onConflictDoNothing()
      .returning();
    const gymIds = new Map(gymRows.map((g) => [g.name, g.id]));
    const profiles = athletes.map((a, i) => {
      const sex = (i % 2 === 0 ? 'female' : 'male') as 'female' | 'male';
      const privacy: ProfilePrivacy = {
        sex: 'public',
        birth_year: i % 5 === 4 ? 'private' : 'public',
        bodyweight: i % 3 === 2 ? 'private' : 'public',
        gym: 'public',
        bio: 'public',
        records: i === 7 ? 'private' : 'public',
      };
      return {
        userId: a.id,
        sex,
        birthYear: now.getUTCFullYear() - (18 + Math.floor(r() * 45)),
        bodyweightKg: Math.round((sex === 'female' ? 52 + r() * 28 : 66 + r() * 38) * 10) / 10,
        gym: GYMS[i % GYMS.length]!,
        gymId: gymIds.get(GYMS[i % GYMS.length]!) ?? null,
        units: i % 4 === 3 ? 'imperial' : 'metric',
        bio: '',
        privacy,
        updatedAt: new Date(now.getTime() - 200 * DAY),
      };
    });
    await tx.insert(athleteProfiles).values(profiles).onConflictDoNothing();

    const rows: (typeof personalRecords.$inferInsert)[] = [];
    profiles.forEach((p, i) => {
      const ability = 0.15 + r() * 0.75;
      const chosen = created.filter(() => r() < 0.55);
      for (const test of chosen) {
        const standard = test.standards.find((s) => s.sex === p.sex)!;
        const attempts = 1 + Math.floor(r() * 4);
        for (let k = 0; k < attempts; k++) {
          // Older attempts are a little weaker: a year of training shows on the chart.
          const daysAgo = 7 + Math.floor(((attempts - 1 - k) / attempts) * 300 + r() * 50);
          const score = Math.max(20, Math.min(980, ability * 1000 - (attempts - 1 - k) * 35 + (r() - 0.5) * 60));
          const entry = typed(valueAt(standard, score), test.unit as TestUnit);
          const value = Math.min(test.maxValue, Math.max(test.minValue, entry.value));
          const achievedOn = day(daysAgo);
          rows.push({
            userId: p.userId,
            testId: test.id,
            value,
            rawValue: entry.raw,
            rawUnit: entry.rawUnit,
            achievedOn,
            evidenceUrl: r() < 0.3 ? 'https://video.example.com/demo-attempt' : null,
            status: 'approved',
            normalizedScore: normalizedFor(test, { sex: p.sex, bodyweightKg: p.bodyweightKg }, value),
            reviewedAt: new Date(now.getTime() - (daysAgo - 1) * DAY),
            submittedAt: new Date(now.getTime() - daysAgo * DAY),
          });
        }
      }
      // A few fresh submissions wait for a judge.
      if (i % 6 === 1) {
        const test = created[i % created.length]!;
        const standard = test.standards.find((s) => s.sex === p.sex)!;
        const entry = typed(valueAt(standard, Math.min(990, ability * 1000 + 40)), test.unit as TestUnit);
        rows.push({
          userId: p.userId,
          testId: test.id,
          value: entry.value,
          rawValue: entry.raw,
          rawUnit: entry.rawUnit,
          achievedOn: day(2),
          note: 'New best at the Saturday session.',
          status: 'pending',
          submittedAt: new Date(now.getTime() - DAY),
        });
      }
    });
    for (let i = 0; i < rows.length; i += 500) await tx.insert(personalRecords).values(rows.slice(i, i + 500));
    const pairs = new Map(
      rows.filter((x) => x.status === 'approved').map((x) => [`${x.userId}:${x.testId}`, { userId: x.userId, testId: x.testId }]),
    );
    await refreshBests(tx as unknown as Database, [...pairs.values()]);
  });
  return true;
}
