import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { atCreationLimit, refusePastCreationLimit } from '#server/lib/creation-limit.ts';
import { athleteProfiles, challengeParticipants, gymChanges, gyms, teams, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { BOARD_CHANNEL, UNITS_CHANGED } from '#server/lib/boards/board-cache.ts';
import {
  GYM_PAGE_ATHLETES,
  GYM_PAGE_TEAMS,
  GYM_SEARCH_LIMIT,
  gymNameKey,
  isCountryCode,
  isWebsite,
  sameGym,
  tidyGymText,
} from '#domain/gyms.ts';
import { gymShown } from '#server/lib/boards/privacy-names.ts';

// Gyms as rows: autocomplete, a gym's page, adding one, editing, verify/unverify and merge (one transaction each).
// athlete_profiles.gym and teams.gym keep the gym's name beside gym_id, so boards filter and show
// names exactly as before.

export type GymRow = typeof gyms.$inferSelect;
export const NO_GYM = 'No gym with that id.';
/** The team's text column is shorter than a gym name. */
const TEAM_GYM_MAX = 80;

export const presentGym = (g: GymRow) => ({
  id: g.id,
  name: g.name,
  city: g.city,
  country: g.country,
  website: g.website,
  verified: g.verified,
});

/** `like` pattern for names starting with `prefix` (its wildcards taken literally). */
const prefixPattern = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const GYM_SOURCE = { table: gyms, creator: gyms.createdBy, createdAt: gyms.createdAt };

/**
 * The autocomplete: gyms whose name starts with `q`, verified ones and the caller's own unverified ones only
 * (someone else's unverified gym, perhaps spam, is shown to no one else until an editor verifies it);
 * editors and administrators (`viewer` 'staff') see every gym, as they verify and merge them.
 */
export async function searchGyms(db: Database, q: string, limit = GYM_SEARCH_LIMIT, viewer: number | 'staff' | null = null) {
  const prefix = tidyGymText(q);
  if (!prefix) throw badRequest('Type the start of the gym’s name.', 'q');
  const shown =
    viewer === 'staff' ? sql`true` : viewer === null ? eq(gyms.verified, true) : or(eq(gyms.verified, true), eq(gyms.createdBy, viewer));
  const rows = await db
    .select()
    .from(gyms)
    .where(and(sql`lower(${gyms.name}) like ${prefixPattern(prefix)}`, shown))
    .orderBy(desc(gyms.verified), sql`lower(${gyms.name})`, asc(gyms.city), asc(gyms.id))
    .limit(Math.min(limit, GYM_SEARCH_LIMIT));
  return { items: rows.map(presentGym) };
}

export async function loadGym(db: Database, gymId: number, lock = false): Promise<GymRow> {
  const query = db.select().from(gyms).where(eq(gyms.id, gymId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_GYM);
  return row;
}

/** A merged-away gym's id leads to the gym it went into (a few hops at most). */
async function survivorOf(db: Database, gymId: number): Promise<GymRow | null> {
  let id = gymId;
  for (let hop = 0; hop < 5; hop++) {
    const [row] = await db.select().from(gyms).where(eq(gyms.id, id));
    if (row) return row;
    const [merge] = await db
      .select({ into: gymChanges.gymId })
      .from(gymChanges)
      .where(and(eq(gymChanges.otherGymId, id), eq(gymChanges.action, 'merge')))
      .orderBy(desc(gymChanges.id))
      .limit(1);
    if (!merge) return null;
    id = merge.into;
  }
  return null;
}

/** Where an athlete shows this gym: linked to it, shown publicly, not hidden by moderators. */
const showsGym = (gymId: number): SQL =>
  sql`${athleteProfiles.gymId} = ${gymId} and ${gymShown(athleteProfiles.privacy, athleteProfiles.hiddenAt)}`;

export async function gymDetail(db: Database, gymId: number) {
  const gym = await survivorOf(db, gymId);
  if (!gym) throw notFound(NO_GYM);
  const [athletes, [total], gymTeams] = await Promise.all([
    db
      .select({ user_id: users.id, display_name: users.displayName })
      .from(athleteProfiles)
      .innerJoin(users, eq(users.id, athleteProfiles.userId))
      .where(showsGym(gym.id))
      .orderBy(sql`lower(${users.displayName})`, asc(users.id))
      .limit(GYM_PAGE_ATHLETES),
    db.select({ n: count() }).from(athleteProfiles).where(showsGym(gym.id)),
    db
      .select({ id: teams.id, name: teams.name, tag: teams.tag })
      .from(teams)
      .where(and(eq(teams.gymId, gym.id), isNull(teams.hiddenAt)))
      .orderBy(sql`lower(${teams.name})`)
      .limit(GYM_PAGE_TEAMS),
  ]);
  return {
    gym: presentGym(gym),
    created_at: gym.createdAt.toISOString(),
    athletes_total: Number(total?.n ?? 0),
    athletes,
    teams: gymTeams,
  };
}

export interface GymInput {
  name: string;
  city?: string;
  country?: string;
  website?: string;
}

function cleanInput(input: GymInput) {
  const name = tidyGymText(input.name);
  if (!name) throw badRequest('Give the gym a name.', 'name');
  const city = tidyGymText(input.city ?? '');
  const country = (input.country ?? '').trim().toUpperCase();
  if (country && !isCountryCode(country)) throw badRequest('The country is a two-letter code such as DE or US.', 'country');
  const website = (input.website ?? '').trim();
  if (website && !isWebsite(website)) throw badRequest('The website must be an address starting with https:// or http://.', 'website');
  return { name, city, country, website };
}

/** A listed gym that the name (and city) would duplicate, if any. */
async function nearDuplicate(db: Database, name: string, city: string, exceptId = 0): Promise<GymRow | null> {
  const candidates = await db
    .select()
    .from(gyms)
    .where(eq(gyms.nameKey, gymNameKey(name)))
    .orderBy(desc(gyms.verified), asc(gyms.id))
    .limit(50);
  return candidates.find((g) => g.id !== exceptId && sameGym(g, { name, city })) ?? null;
}

const describeGym = (g: GymRow) => (g.city ? `${g.name} (${g.city})` : g.name);
export const duplicateDetail = (g: GymRow) => `${describeGym(g)} is already listed. Pick it instead of adding it again.`;

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown };
  return err?.code === '23505' || (err?.cause !== undefined && isUniqueViolation(err.cause));
};

/** Adds a gym, or names the listed gym it nearly duplicates. */
export async function createGym(
  db: Database,
  actor: { id: number; isAdmin: boolean },
  input: GymInput,
  now: Date,
): Promise<{ gym: GymRow; existing?: undefined } | { existing: GymRow; gym?: undefined }> {
  const fields = cleanInput(input);
  const actorId = actor.id;
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const existing = await nearDuplicate(t, fields.name, fields.city);
      if (existing) return { existing };
      await refusePastCreationLimit(t, 'gyms', GYM_SOURCE, actor, now);
      const [gym] = await t
        .insert(gyms)
        .values({ ...fields, nameKey: gymNameKey(fields.name), createdBy: actorId, createdAt: now })
        .returning();
      await t.insert(gymChanges).values({ gymId: gym!.id, action: 'create', actorId, createdAt: now });
      return { gym: gym! };
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const existing = await nearDuplicate(db, fields.name, fields.city);
    if (existing) return { existing };
    throw e;
  }
}

/**
 * The gym a typed name means: a listed gym whose name matches whatever its case (verified first,
 * then the oldest); with `create`, a new unverified gym when none does.
 */
export async function gymForName(db: Database, rawName: string, actorId: number | null, now: Date, create: boolean) {
  const name = tidyGymText(rawName);
  if (!name) return null;
  const find = async () =>
    (
      await db
        .select()
        .from(gyms)
        .where(sql`lower(${gyms.name}) = lower(${name})`)
        .orderBy(desc(gyms.verified), asc(gyms.id))
        .limit(1)
    )[0] ?? null;
  const found = await find();
  if (found || !create) return found;
  // Past the account's daily limit a typed name stays text, linked to no new gym.
  if (actorId !== null && (await db.transaction((tx) => atCreationLimit(tx as unknown as Database, 'gyms', GYM_SOURCE, actorId, now))))
    return null;
  const [gym] = await db
    .insert(gyms)
    .values({ name, nameKey: gymNameKey(name), createdBy: actorId, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!gym) return find();
  await db.insert(gymChanges).values({ gymId: gym.id, action: 'create', actorId, detail: { source: 'typed' }, createdAt: now });
  return gym;
}

const EDITED = ['name', 'city', 'country', 'website'] as const;
export const renameClash = (g: GymRow) => `${describeGym(g)} is already listed: merge the two gyms instead of giving this one its name.`;

/**
 * An editor corrects a gym's name, city, country or website (fields left out keep theirs). In one transaction:
 * the name key follows the name, every athlete's and team's shown gym name follows the gym, and gym_changes
 * records the fields before and after. A name and city another gym (nearly) has is a 409 that stores nothing.
 */
export async function updateGym(db: Database, gymId: number, actorId: number, input: Partial<GymInput>, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const gym = await loadGym(t, gymId, true);
      const next = cleanInput({
        name: input.name ?? gym.name,
        city: input.city ?? gym.city,
        country: input.country ?? gym.country,
        website: input.website ?? gym.website,
      });
      const changed = EDITED.filter((field) => next[field] !== gym[field]);
      if (changed.length === 0) return presentGym(gym);
      const clash = await nearDuplicate(t, next.name, next.city, gym.id);
      if (clash) throw conflict(renameClash(clash));
      const [saved] = await t
        .update(gyms)
        .set({ ...next, nameKey: gymNameKey(next.name) })
        .where(eq(gyms.id, gymId))
        .returning();
      if (next.name !== gym.name) {
        await t.update(athleteProfiles).set({ gym: next.name }).where(eq(athleteProfiles.gymId, gymId));
        await t
          .update(teams)
          .set({ gym: teamGymText(saved!) })
          .where(eq(teams.gymId, gymId));
      }
      const detail: Record<string, string> = {};
      for (const field of changed) {
        detail[`${field}_before`] = gym[field];
        detail[`${field}_after`] = next[field];
      }
      await t.insert(gymChanges).values({ gymId, action: 'edit', actorId, detail, createdAt: now });
      return presentGym(saved!);
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // Another editor took the name and city between our check and our write.
    throw conflict('Another gym with this name and city was just saved: merge the two gyms instead.');
  }
}

/** The name a team's text column holds for a gym. */
export const teamGymText = (g: GymRow) => g.name.slice(0, TEAM_GYM_MAX);

export async function setVerified(db: Database, gymId: number, verified: boolean, actorId: number, now: Date) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const gym = await loadGym(t, gymId, true);
    if (gym.verified === verified) return presentGym(gym);
    const [saved] = await t.update(gyms).set({ verified }).where(eq(gyms.id, gymId)).returning();
    await t.insert(gymChanges).values({ gymId, action: verified ? 'verify' : 'unverify', actorId, createdAt: now });
    return presentGym(saved!);
  });
}

/**
 * Merges gym `fromId` into `intoId` in one transaction: every athlete profile and team moves (with
 * the surviving name in their text columns), the surviving gym stays verified if either was, the
 * merged gym is deleted and the merge recorded. Challenge results follow their athletes' profiles, and
 * a gym event's participants who counted for the merged gym count for the survivor.
 */
export async function mergeGym(db: Database, fromId: number, intoId: number, actorId: number, now: Date) {
  if (fromId === intoId) throw badRequest('Pick two different gyms to merge.', 'into_gym_id');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Lock both in id order so two merges of the same pair cannot deadlock.
    const locked = await t
      .select()
      .from(gyms)
      .where(inArray(gyms.id, [fromId, intoId]))
      .orderBy(asc(gyms.id))
      .for('update');
    const from = locked.find((g) => g.id === fromId);
    const into = locked.find((g) => g.id === intoId);
    if (!from) throw notFound('The gym to merge is not listed (it may have been merged already).');
    if (!into) throw new ApiError(404, 'The gym to merge into is not listed (it may have been merged already).');
    const movedAthletes = await t
      .update(athleteProfiles)
      .set({ gymId: into.id, gym: into.name })
      .where(eq(athleteProfiles.gymId, from.id))
      .returning({ id: athleteProfiles.userId });
    const movedTeams = await t
      .update(teams)
      .set({ gymId: into.id, gym: teamGymText(into) })
      .where(eq(teams.gymId, from.id))
      .returning({ id: teams.id });
    // Multi-gym events: the athletes who counted for the merged gym count for the survivor (one gym, one row).
    await t.update(challengeParticipants).set({ gymId: into.id }).where(eq(challengeParticipants.gymId, from.id));
    // Every kept board hears of it at commit, and every node drops its kept gym boards (they count by these ids).
    await t.execute(sql`select pg_notify(${BOARD_CHANNEL}, ${UNITS_CHANGED})`);
    const verified = into.verified || from.verified;
    const [survivor] = verified !== into.verified ? await t.update(gyms).set({ verified }).where(eq(gyms.id, into.id)).returning() : [into];
    // League memberships follow the gym into its survivor (the delete below would drop them).
    await t.execute(
      sql`insert into league_gyms (league_id, gym_id, added_at) select league_id, ${into.id}, added_at from league_gyms
        where gym_id = ${from.id} on conflict do nothing`,
    );
    await t.delete(gyms).where(eq(gyms.id, from.id));
    await t.insert(gymChanges).values({
      gymId: into.id,
      action: 'merge',
      otherGymId: from.id,
      otherName: from.name,
      actorId,
      detail: { athletes_moved: movedAthletes.length, teams_moved: movedTeams.length, other_city: from.city },
      createdAt: now,
    });
    return { gym: presentGym(survivor!), athletes_moved: movedAthletes.length, teams_moved: movedTeams.length };
  });
}

export async function listToManage(db: Database, q: { verified?: boolean; q?: string; page: number; page_size: number }) {
  const where: SQL[] = [];
  if (q.verified !== undefined) where.push(eq(gyms.verified, q.verified));
  if (q.q && tidyGymText(q.q)) where.push(sql`lower(${gyms.name}) like ${prefixPattern(tidyGymText(q.q))}`);
  const filter = where.length ? and(...where) : undefined;
  // The outer gym is named with its table: Drizzle prints a one-table select's columns bare, and a bare
  // "id" inside the subquery would be the team's own id.
  const athleteCount = sql<number>`(select count(*)::int from ${athleteProfiles} p where p.gym_id = ${gyms}.id)`;
  const teamCount = sql<number>`(select count(*)::int from ${teams} t where t.gym_id = ${gyms}.id)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ gym: gyms, athlete_count: athleteCount, team_count: teamCount })
      .from(gyms)
      .where(filter)
      .orderBy(asc(gyms.verified), sql`lower(${gyms.name})`, asc(gyms.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(gyms).where(filter),
  ]);
  return {
    items: rows.map((r) => ({
      ...presentGym(r.gym),
      athlete_count: Number(r.athlete_count),
      team_count: Number(r.team_count),
      created_at: r.gym.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    page_size: q.page_size,
  };
}
