import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import {
  athleteProfiles,
  challengeEntries,
  challengeParticipants,
  challenges,
  challengeScores,
  challengeTeams,
  DEFAULT_PRIVACY,
  timelinePosts,
} from '#server/db/schema.ts';
import { ageGroupIn, categoryOf, type DivisionScheme } from '#domain/divisions.ts';
import { WAIVER_BOX_PROBLEM } from '#domain/legal.ts';
import { deliverTimelinePost } from '../athletes/index.ts';
import { timelineAllowed } from '../settings/index.ts';
import { signedCurrentWaiver } from '../legal/index.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import type { Division } from '#domain/scoring/index.ts';
import { TEAM_NAME_LENGTH, challengeStatus, loadChallenge, presentScore, type ChallengeRow } from './challenge.ts';
import { rankOf } from '#server/lib/boards/rank-slices.ts';
import { storeAlliancesAtJoin } from './alliance-board.ts';
import { placeOnBoard } from './places.ts';

// Joining a challenge (with a team on a team challenge) and what the athlete's participation looks like.

export async function participation(ctx: AppContext, c: ChallengeRow, userId: number) {
  const db = ctx.database.db;
  const [p] = await db
    .select()
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, c.id), eq(challengeParticipants.userId, userId)));
  if (!p) return null;
  const [team] =
    p.teamId === null
      ? []
      : await db.select({ id: challengeTeams.id, name: challengeTeams.name }).from(challengeTeams).where(eq(challengeTeams.id, p.teamId));
  const [entry] = await db
    .select({ entry: challengeEntries, score: challengeScores })
    .from(challengeEntries)
    .innerJoin(challengeScores, eq(challengeScores.id, challengeEntries.scoreId))
    .where(and(eq(challengeEntries.challengeId, c.id), eq(challengeEntries.userId, userId)));
  return {
    challenge_id: c.id,
    division: p.division as Division,
    sex: (p.sex as 'female' | 'male' | null) ?? null,
    joined_at: p.joinedAt.toISOString(),
    best: entry ? presentScore(c, entry.score) : null,
    category: p.category,
    rank: entry ? await rankOf(db, c.id, entry.entry.sortKey, entry.entry.category) : null,
    place: entry ? await placeOnBoard(db, c, { ...entry.entry, division: entry.entry.division as Division }) : null,
    team: team ?? null,
  };
}

export async function joinChallenge(
  ctx: AppContext,
  userId: number,
  id: number,
  input: {
    division: Division;
    sex?: 'female' | 'male';
    waiver_accepted?: boolean;
    team_name?: string;
    team_id?: number;
    save_sex_to_profile?: boolean;
  },
) {
  const db = ctx.database.db;
  const now = ctx.now();
  if (input.team_name !== undefined && input.team_id !== undefined)
    throw badRequest('Give either team_name (to create a team) or team_id (to join one), not both.');
  if (input.save_sex_to_profile && !input.sex) throw badRequest('Say which sex to save on your profile (sex).', 'sex');
  const postId = await db.transaction(async (tx): Promise<number | null> => {
    // Asked to, the profile keeps the sex given here (before placing, so the join reads it as the profile's too).
    if (input.save_sex_to_profile && input.sex) await saveProfileSex(tx as unknown as Database, userId, input.sex, now);
    const [c] = await tx.select().from(challenges).where(eq(challenges.id, id)).for('update');
    if (!c || c.deletedAt) throw notFound('No challenge with that id.');
    const status = challengeStatus(c, now);
    if (status === 'closed') throw conflict('This challenge has closed; it can no longer be joined.');
    const wantsTeam = input.team_name !== undefined || input.team_id !== undefined;
    if (c.kind !== 'team' && wantsTeam) throw badRequest('This is an individual challenge: join it without a team.');
    const [existing] = await tx
      .select()
      .from(challengeParticipants)
      .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.userId, userId)));
    if (existing) {
      if (wantsTeam && !(input.team_id !== undefined && input.team_id === existing.teamId)) {
        throw conflict('You are on a team in this challenge already; your team cannot change.');
      }
      const placed = await placement(tx as unknown as Database, c, userId, input.sex ?? (existing.sex as 'female' | 'male' | null));
      if (existing.division !== input.division || existing.category !== placed.category) {
        const [scored] = await tx
          .select({ n: count() })
          .from(challengeScores)
          .where(and(eq(challengeScores.challengeId, id), eq(challengeScores.userId, userId), isNull(challengeScores.deletedAt)));
        if ((scored?.n ?? 0) > 0) throw conflict('You have scores in your division already, so it cannot change.');
      }
      await tx
        .update(challengeParticipants)
        .set({ division: input.division, ...placed })
        .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.userId, userId)));
      return null;
    }
    if (c.participantCap !== null && c.participantCount >= c.participantCap) throw conflict('This challenge is full.');
    // A new athlete needs the waiver as it stands now: a newer version than they signed asks for a new signature.
    if (c.requiresWaiver) {
      const waiver = await signedCurrentWaiver(tx as unknown as Database, userId);
      if (!waiver.signed) {
        throw conflict(`This challenge needs your signature on the current liability waiver (version ${waiver.version}) before joining.`);
      }
      // Signed, but the join form's agreement box was left unticked: name the box, not a signature they gave.
      if (!input.waiver_accepted) throw badRequest(WAIVER_BOX_PROBLEM, 'waiver_accepted');
    }
    const placed = await placement(tx as unknown as Database, c, userId, input.sex ?? null);
    const team = c.kind === 'team' ? await teamForJoiner(tx as unknown as Database, c, userId, input, now) : null;
    await tx.insert(challengeParticipants).values({
      challengeId: id,
      userId,
      division: input.division,
      ...placed,
      teamId: team?.id ?? null,
      // The gym they count for on a gym board: their profile's now, kept whatever the profile says later.
      gymId: sql`(select ${athleteProfiles.gymId} from ${athleteProfiles} where ${athleteProfiles.userId} = ${userId})`,
      joinedAt: now,
    });
    // ...and the alliances they count for on an alliance board (an individual challenge may be or become a gym event).
    if (c.kind !== 'team') await storeAlliancesAtJoin(tx as unknown as Database, id, userId);
    await tx
      .update(challenges)
      .set({ participantCount: sql`${challenges.participantCount} + 1` })
      .where(eq(challenges.id, id));
    // A public challenge joined goes on the athlete's timeline; an unlisted one stays unlisted.
    if (c.visibility !== 'public') return null;
    // ...and only when the athlete lets joins go on the community timeline (social settings).
    if (!(await timelineAllowed(tx as unknown as Database, userId, 'challenge_joined'))) return null;
    const [post] = await tx
      .insert(timelinePosts)
      .values({
        userId,
        kind: 'challenge_joined',
        body: team ? `Joined ${c.title} with ${team.name}` : `Joined ${c.title}`,
        payload: {
          challenge_id: c.id,
          challenge_title: c.title,
          division: input.division,
          team_id: team?.id ?? null,
          team_name: team?.name ?? null,
        },
        createdAt: now,
      })
      .returning({ id: timelinePosts.id });
    return post!.id;
  });
  // After commit, the post also goes to the community site (when one is configured).
  if (postId !== null) ctx.tasks.defer('timeline delivery', () => deliverTimelinePost(ctx, postId));
  const c = await loadChallenge(db, id);
  return (await participation(ctx, c, userId))!;
}

/** The sex on the athlete's profile (a profile row is made for it when they never saved one). */
async function saveProfileSex(tx: Database, userId: number, sex: 'female' | 'male', now: Date) {
  await tx
    .insert(athleteProfiles)
    .values({ userId, sex, privacy: DEFAULT_PRIVACY, updatedAt: now })
    .onConflictDoUpdate({ target: athleteProfiles.userId, set: { sex, updatedAt: now } });
}

/** The sex the caller's profile states: the join form's default for a challenge with women's and men's boards. */
export async function profileSex(db: Database, userId: number): Promise<'female' | 'male' | null> {
  const [profile] = await db.select({ sex: athleteProfiles.sex }).from(athleteProfiles).where(eq(athleteProfiles.userId, userId));
  return profile?.sex === 'female' || profile?.sex === 'male' ? profile.sex : null;
}

/**
 * The athlete's sex, age group and category in this challenge, from the join (sex) or else
 * their profile, and their birth year (age reached in the challenge's starting year).
 */
export async function placement(tx: Database, c: ChallengeRow, userId: number, sex: 'female' | 'male' | null) {
  const [profile] = await tx
    .select({ sex: athleteProfiles.sex, birthYear: athleteProfiles.birthYear })
    .from(athleteProfiles)
    .where(eq(athleteProfiles.userId, userId));
  const fromProfile = profile?.sex === 'female' || profile?.sex === 'male' ? profile.sex : null;
  const athlete = { sex: sex ?? fromProfile, birthYear: profile?.birthYear ?? null };
  const scheme = { sex: c.sexDivisions, age: c.ageScheme } as DivisionScheme;
  const year = c.startsAt.getUTCFullYear();
  const category = categoryOf(scheme, athlete, year);
  if (category === null) {
    throw new ApiError(
      422,
      'This challenge ranks women and men on separate boards: choose your board (Women or Men) when joining, or set your sex on your profile.',
      'sex',
    );
  }
  return { sex: athlete.sex, ageGroup: ageGroupIn(scheme.age, athlete.birthYear, year), category };
}

/**
 * The team a new athlete joins, inside the join's transaction (which holds the
 * challenge row, so two joins cannot both take a team's last place): a new team
 * with them as captain, or an existing one with room.
 */
async function teamForJoiner(
  tx: Database,
  c: ChallengeRow,
  userId: number,
  input: { team_name?: string; team_id?: number },
  now: Date,
): Promise<{ id: number; name: string }> {
  if (input.team_id !== undefined) {
    const [team] = await tx
      .select({ id: challengeTeams.id, name: challengeTeams.name })
      .from(challengeTeams)
      .where(and(eq(challengeTeams.id, input.team_id), eq(challengeTeams.challengeId, c.id)));
    if (!team) throw notFound('No team with that id in this challenge.');
    const [members] = await tx.select({ n: count() }).from(challengeParticipants).where(eq(challengeParticipants.teamId, team.id));
    if (c.teamSizeMax !== null && (members?.n ?? 0) >= c.teamSizeMax)
      throw conflict(`${team.name} is full (${c.teamSizeMax} members): join another team or create one.`);
    return team;
  }
  if (input.team_name === undefined) throw badRequest('This is a team challenge: give team_name to create a team or team_id to join one.');
  const name = input.team_name.trim().replace(/\s+/g, ' ');
  if (name.length < TEAM_NAME_LENGTH.min || name.length > TEAM_NAME_LENGTH.max) {
    throw badRequest(`A team name has ${TEAM_NAME_LENGTH.min} to ${TEAM_NAME_LENGTH.max} characters.`);
  }
  if (/[\p{Cc}\p{Cf}]/u.test(name)) throw badRequest('A team name cannot contain control characters.');
  const [taken] = await tx
    .select({ id: challengeTeams.id })
    .from(challengeTeams)
    .where(and(eq(challengeTeams.challengeId, c.id), sql`lower(${challengeTeams.name}) = lower(${name})`));
  if (taken) throw conflict(`A team called “${name}” exists already: join it, or pick another name.`);
  const [team] = await tx
    .insert(challengeTeams)
    .values({ challengeId: c.id, name, captainId: userId, createdAt: now })
    .returning({ id: challengeTeams.id });
  return { id: team!.id, name };
}

export async function countParticipants(ctx: AppContext, id: number) {
  const c = await loadChallenge(ctx.database.db, id);
  return { count: c.participantCount };
}
