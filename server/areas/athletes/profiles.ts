import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import {
  achievements,
  athleteProfiles,
  DEFAULT_PRIVACY,
  gyms,
  personalRecords,
  tests,
  timelinePosts,
  users,
  type ProfilePrivacy,
} from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { isTimeZone } from '../realtime/index.ts';
import type { Direction, TestUnit } from '#domain/measures.ts';
import { ageGroupOf, bodyweightClassOf } from '#domain/athlete-groups.ts';
import { gymForName } from '../gyms/index.ts';
import { bestsWithRanks, globalStanding, privacyOf } from './rankings.ts';

export interface AthleteProfileInput {
  display_name: string;
  sex?: 'male' | 'female' | null;
  birth_year?: number | null;
  bodyweight_kg?: number | null;
  gym?: string | null;
  gym_id?: number | null;
  units?: 'metric' | 'imperial';
  bio?: string;
  avatar_url?: string | null;
  time_zone?: string;
  privacy?: ProfilePrivacy;
}

const MIN_AGE = 13;
const MAX_AGE = 120;

type ProfileRow = typeof athleteProfiles.$inferSelect;
type UserRow = typeof users.$inferSelect;

async function loadUser(db: Database, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('No athlete with that id.');
  return user;
}

async function loadProfile(db: Database, userId: number): Promise<ProfileRow | null> {
  const [profile] = await db.select().from(athleteProfiles).where(eq(athleteProfiles.userId, userId));
  return profile ?? null;
}

function presentMine(user: UserRow, profile: ProfileRow | null) {
  return {
    user_id: user.id,
    exists: profile !== null,
    display_name: user.displayName,
    sex: (profile?.sex as 'male' | 'female' | null) ?? null,
    birth_year: profile?.birthYear ?? null,
    bodyweight_kg: profile?.bodyweightKg ?? null,
    gym: profile?.gym ?? null,
    gym_id: profile?.gymId ?? null,
    units: (profile?.units as 'metric' | 'imperial') ?? 'metric',
    bio: profile?.bio ?? '',
    avatar_url: profile?.avatarUrl ?? null,
    time_zone: user.timeZone,
    privacy: privacyOf(profile?.privacy ?? null),
    updated_at: profile ? profile.updatedAt.toISOString() : null,
  };
}

export async function getMyProfile(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const user = await loadUser(db, userId);
  return presentMine(user, await loadProfile(db, userId));
}

/** Checks the input; fields left out keep their current value, null clears one. */
function checkProfile(input: AthleteProfileInput, year: number) {
  const displayName = input.display_name.trim().replace(/\s+/g, ' ');
  if (!displayName) throw badRequest('The display name must not be blank.');
  if (input.birth_year !== undefined && input.birth_year !== null) {
    const age = year - input.birth_year;
    if (age < MIN_AGE) throw badRequest(`Athletes must be at least ${MIN_AGE}: a birth year of ${input.birth_year} is too recent.`);
    if (age > MAX_AGE) throw badRequest(`A birth year of ${input.birth_year} would make you over ${MAX_AGE}; check the year.`);
  }
  if (input.avatar_url) {
    let url: URL | null = null;
    try {
      url = new URL(input.avatar_url);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:') throw badRequest('The avatar must be an https:// address of an image.');
  }
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) {
    throw badRequest(`${input.time_zone} is not a time zone we know; use an IANA name such as Europe/Berlin.`);
  }
  const gym = input.gym === undefined ? undefined : input.gym === null ? null : input.gym.trim().replace(/\s+/g, ' ') || null;
  const profile: Partial<typeof athleteProfiles.$inferInsert> = {};
  if (input.sex !== undefined) profile.sex = input.sex;
  if (input.birth_year !== undefined) profile.birthYear = input.birth_year;
  if (input.bodyweight_kg !== undefined) profile.bodyweightKg = input.bodyweight_kg;
  if (gym !== undefined) profile.gym = gym;
  if (gym === null) profile.gymId = null;
  if (input.units !== undefined) profile.units = input.units;
  if (input.bio !== undefined) profile.bio = input.bio.trim();
  if (input.avatar_url !== undefined) profile.avatarUrl = input.avatar_url || null;
  if (input.privacy !== undefined) profile.privacy = { ...DEFAULT_PRIVACY, ...input.privacy };
  return { displayName, timeZone: input.time_zone, profile, gymId: input.gym_id };
}

/**
 * Saves the athlete's profile, their display name and time zone (kept on the account, where
 * streaks read it). `mustCreate` refuses when a profile already exists.
 */
export async function saveMyProfile(ctx: AppContext, userId: number, input: AthleteProfileInput, mustCreate: boolean) {
  const db = ctx.database.db;
  const now = ctx.now();
  const checked = checkProfile(input, now.getUTCFullYear());
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ displayName: checked.displayName, ...(checked.timeZone ? { timeZone: checked.timeZone } : {}) })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw notFound('No athlete with that id.');
    const [existing] = await tx.select().from(athleteProfiles).where(eq(athleteProfiles.userId, userId)).for('update');
    if (existing && mustCreate) throw conflict('You already have an athlete profile; edit it instead.');
    await pointAtGym(tx as unknown as Database, checked, userId, now);
    const [profile] = existing
      ? await tx
          .update(athleteProfiles)
          .set({ ...checked.profile, updatedAt: now })
          .where(eq(athleteProfiles.userId, userId))
          .returning()
      : await tx
          .insert(athleteProfiles)
          .values({ privacy: DEFAULT_PRIVACY, ...checked.profile, userId, updatedAt: now })
          .onConflictDoUpdate({ target: athleteProfiles.userId, set: { ...checked.profile, updatedAt: now } })
          .returning();
    return presentMine(user, profile!);
  });
}

/** A picked gym (gym_id) or a typed name becomes a gyms row; the profile keeps its name beside its id. */
async function pointAtGym(db: Database, checked: ReturnType<typeof checkProfile>, userId: number, now: Date) {
  if (checked.gymId === null) {
    checked.profile.gym = null;
    checked.profile.gymId = null;
  } else if (checked.gymId !== undefined) {
    const [gym] = await db.select().from(gyms).where(eq(gyms.id, checked.gymId));
    if (!gym) throw badRequest('That gym is no longer listed; pick it again.', 'gym_id');
    checked.profile.gym = gym.name;
    checked.profile.gymId = gym.id;
  } else if (checked.profile.gym) {
    const gym = await gymForName(db, checked.profile.gym, userId, now, true);
    checked.profile.gym = gym!.name;
    checked.profile.gymId = gym!.id;
  }
}

/** Whether the viewer may see an athlete's records (their own always). */
async function recordsVisible(db: Database, userId: number, viewerId: number | null) {
  await loadUser(db, userId);
  if (viewerId === userId) return true;
  const profile = await loadProfile(db, userId);
  return privacyOf(profile?.privacy ?? null).records === 'public';
}

export async function getPublicProfile(ctx: AppContext, userId: number, viewerId: number | null, viewerIsStaff = false) {
  const db = ctx.database.db;
  const user = await loadUser(db, userId);
  const profile = await loadProfile(db, userId);
  // Hidden by moderators: only the athlete and staff still see it.
  if (profile?.hiddenAt && viewerId !== userId && !viewerIsStaff) throw notFound('No athlete with that id.');
  const privacy = privacyOf(profile?.privacy ?? null);
  const isMe = viewerId === userId;
  const see = (field: keyof ProfilePrivacy) => isMe || privacy[field] === 'public';
  const year = ctx.now().getUTCFullYear();
  const [[earned], global] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int`, points: sql<number>`coalesce(sum(${achievements.points}), 0)::int` })
      .from(achievements)
      .where(eq(achievements.userId, userId)),
    globalStanding(db, userId),
  ]);
  return {
    user_id: user.id,
    display_name: user.displayName,
    sex: see('sex') ? ((profile?.sex as 'male' | 'female' | null) ?? null) : null,
    age_group: see('birth_year') ? (ageGroupOf(profile?.birthYear ?? null, year)?.id ?? null) : null,
    bodyweight_class: see('bodyweight') ? (bodyweightClassOf(profile?.bodyweightKg ?? null)?.id ?? null) : null,
    gym: see('gym') ? (profile?.gym ?? null) : null,
    gym_id: see('gym') ? (profile?.gymId ?? null) : null,
    bio: see('bio') ? (profile?.bio ?? '') : null,
    avatar_url: profile?.avatarUrl ?? null,
    records_public: privacy.records === 'public',
    is_me: isMe,
    member_since: user.createdAt.toISOString(),
    hidden: !!profile?.hiddenAt,
    global,
    achievements_count: Number(earned?.count ?? 0),
    total_points: Number(earned?.points ?? 0),
  };
}

export async function athleteBests(ctx: AppContext, userId: number, viewerId: number | null) {
  const db = ctx.database.db;
  const visible = await recordsVisible(db, userId, viewerId);
  const profile = await loadProfile(db, userId);
  return {
    records_public: privacyOf(profile?.privacy ?? null).records === 'public',
    bests: visible ? await bestsWithRanks(db, userId) : [],
  };
}

/** Every approved result per test, in date order: the points of the progress charts. */
export async function performanceHistory(ctx: AppContext, userId: number, testId: number | undefined, viewerId: number | null) {
  const db = ctx.database.db;
  if (!(await recordsVisible(db, userId, viewerId))) return { series: [] };
  const rows = await db
    .select({
      testId: personalRecords.testId,
      testName: tests.name,
      unit: tests.unit,
      direction: tests.direction,
      achievedOn: personalRecords.achievedOn,
      value: personalRecords.value,
      score: personalRecords.normalizedScore,
    })
    .from(personalRecords)
    .innerJoin(tests, eq(tests.id, personalRecords.testId))
    .where(
      and(
        eq(personalRecords.userId, userId),
        eq(personalRecords.status, 'approved'),
        ne(tests.status, 'draft'),
        testId === undefined ? undefined : eq(personalRecords.testId, testId),
      ),
    )
    .orderBy(asc(tests.nameNormalized), asc(personalRecords.testId), asc(personalRecords.achievedOn), asc(personalRecords.id));
  const series = new Map<
    number,
    {
      test_id: number;
      test_name: string;
      unit: TestUnit;
      direction: Direction;
      points: { achieved_on: string; value: number; normalized_score: number | null }[];
    }
  >();
  for (const r of rows) {
    let s = series.get(r.testId);
    if (!s)
      series.set(
        r.testId,
        (s = { test_id: r.testId, test_name: r.testName, unit: r.unit as TestUnit, direction: r.direction as Direction, points: [] }),
      );
    s.points.push({ achieved_on: r.achievedOn, value: r.value, normalized_score: r.score });
  }
  return { series: [...series.values()] };
}

export async function timeline(ctx: AppContext, userId: number, limit: number, viewerId: number | null) {
  const db = ctx.database.db;
  if (!(await recordsVisible(db, userId, viewerId))) return { items: [] };
  const rows = await db
    .select()
    .from(timelinePosts)
    .where(eq(timelinePosts.userId, userId))
    .orderBy(desc(timelinePosts.createdAt), desc(timelinePosts.id))
    .limit(limit);
  return {
    items: rows.map((p) => ({
      id: p.id,
      kind: p.kind as 'personal_record' | 'challenge_joined' | 'ranking',
      body: p.body,
      payload: p.payload,
      created_at: p.createdAt.toISOString(),
    })),
  };
}
