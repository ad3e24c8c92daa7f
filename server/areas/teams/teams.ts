import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { challengeParticipants, challenges, teamInvitations, teamMembers, teams, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { formatScore, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import { leadsTeam, normalizeTag, TEAM_SIZE_DEFAULT, teamNameHasLink, type TeamRole, type TeamVisibility } from '#domain/teams.ts';
import { notify } from '../notifications/index.ts';
import { refusePastCreationLimit } from '#server/lib/creation-limit.ts';
import {
  forbidden,
  loadTeam,
  memberCount,
  NO_TEAM,
  requireLeader,
  roleIn,
  rotateCalendarSalt,
  teamLink,
  type Actor,
} from './teams-access.ts';
import { teamEntries } from './teams-challenges.ts';
import { leaveEveryAlliance } from './teams-alliances.ts';
import { gymForName, teamGymText } from '../gyms/index.ts';

// Lasting teams: create, edit, disband, leave, remove, roles, and the dashboard.
// Per-challenge teams (challenge_teams) stay with the challenges area, unchanged.

export type InvitationRow = typeof teamInvitations.$inferSelect;
export type Status = 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';

export const statusAt = (i: InvitationRow, now: Date): Status =>
  i.status === 'pending' && i.expiresAt <= now ? 'expired' : (i.status as Status);
export const day = (d: Date) => d.toISOString().slice(0, 10);

export function presentInvitation(i: InvitationRow, teamName: string, people: Map<number, string>, now: Date, showEmail: boolean) {
  return {
    id: i.id,
    team_id: i.teamId,
    team_name: teamName,
    kind: i.kind as 'invite' | 'request',
    status: statusAt(i, now),
    athlete: i.userId !== null ? { user_id: i.userId, display_name: people.get(i.userId) ?? 'Athlete' } : null,
    email: showEmail ? i.email : null,
    invited_by: i.invitedBy !== null ? (people.get(i.invitedBy) ?? null) : null,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  };
}

export async function notifyInvitee(db: Database, row: InvitationRow, teamName: string, inviterName: string, userId: number, now: Date) {
  await notify(
    db,
    {
      userId,
      kind: 'team_invitation',
      title: `${inviterName} invited you to join ${teamName}`,
      body: `Accept or decline before ${day(row.expiresAt)}.`,
      link: teamLink(row.teamId),
    },
    now,
  );
}

export { forbidden, loadTeam, memberCount, NO_TEAM, requireLeader, roleIn, teamLink, type Actor } from './teams-access.ts';
export const NAME_TAKEN = 'A team with that name already exists. Choose another name.';

interface TeamFields {
  name?: string;
  tag?: string;
  gym?: string;
  description?: string;
  visibility?: TeamVisibility;
  max_size?: number;
}

function cleanFields(input: TeamFields) {
  const out: Partial<typeof teams.$inferInsert> = {};
  if (input.name !== undefined) {
    const name = input.name.trim().replace(/\s+/g, ' ');
    if (!name) throw badRequest('Give the team a name.', 'name');
    if (teamNameHasLink(name))
      throw badRequest(
        'A team name cannot contain a web address or link (such as http://, www. or example.com). Choose another name.',
        'name',
      );
    out.name = name;
  }
  if (input.tag !== undefined) out.tag = normalizeTag(input.tag);
  if (input.gym !== undefined) out.gym = input.gym.trim();
  if (input.description !== undefined) out.description = input.description.trim();
  if (input.visibility !== undefined) out.visibility = input.visibility;
  if (input.max_size !== undefined) out.maxSize = input.max_size;
  return out;
}

/** A team's gym text points at the listed gym of that name, when there is one (teams do not add gyms). */
async function linkGym(db: Database, fields: Partial<typeof teams.$inferInsert>) {
  if (fields.gym === undefined) return;
  const gym = fields.gym ? await gymForName(db, fields.gym, null, new Date(), false) : null;
  fields.gymId = gym?.id ?? null;
  if (gym) fields.gym = teamGymText(gym);
}

async function nameTaken(db: Database, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(sql`lower(${teams.name}) = lower(${name})`);
  return row !== undefined && row.id !== exceptId;
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown };
  return err?.code === '23505' || (err?.cause !== undefined && isUniqueViolation(err.cause));
};

export async function createTeam(db: Database, actor: Actor, input: TeamFields & { name: string }, now: Date) {
  const fields = cleanFields(input);
  if (await nameTaken(db, fields.name!)) throw conflict(NAME_TAKEN);
  await linkGym(db, fields);
  try {
    const teamId = await db.transaction(async (tx) => {
      const source = { table: teams, creator: teams.createdBy, createdAt: teams.createdAt };
      await refusePastCreationLimit(tx as unknown as Database, 'teams', source, actor, now);
      const [team] = await tx
        .insert(teams)
        .values({ ...fields, name: fields.name!, maxSize: fields.maxSize ?? TEAM_SIZE_DEFAULT, createdBy: actor.id, createdAt: now })
        .returning({ id: teams.id });
      await tx.insert(teamMembers).values({ teamId: team!.id, userId: actor.id, role: 'captain', joinedAt: now });
      return team!.id;
    });
    return teamDetail(db, teamId, actor, now);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(NAME_TAKEN);
    throw e;
  }
}

export async function updateTeam(db: Database, teamId: number, actor: Actor, input: TeamFields, now: Date) {
  const fields = cleanFields(input);
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await loadTeam(t, teamId, true);
      await requireLeader(t, teamId, actor);
      if (fields.name && (await nameTaken(t, fields.name, teamId))) throw conflict(NAME_TAKEN);
      await linkGym(t, fields);
      if (fields.maxSize !== undefined && fields.maxSize < (await memberCount(t, teamId)))
        throw new ApiError(
          422,
          `The team has ${await memberCount(t, teamId)} members, more than ${fields.maxSize}. Remove members first, or choose a larger size.`,
          'max_size',
        );
      await tx.update(teams).set(fields).where(eq(teams.id, teamId));
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(NAME_TAKEN);
    throw e;
  }
  return teamDetail(db, teamId, actor, now);
}

async function memberIds(db: Database, teamId: number) {
  return (await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId))).map((r) => r.userId);
}

export async function disbandTeam(db: Database, teamId: number, actor: Actor, now: Date) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const team = await loadTeam(t, teamId, true);
    const role = await roleIn(t, teamId, actor.id);
    if (role !== 'captain' && !actor.isAdmin) throw forbidden('Only the captain can disband the team.');
    for (const userId of await memberIds(t, teamId)) {
      if (userId === actor.id) continue;
      await notify(t, { userId, kind: 'team_disbanded', title: `${team.name} was disbanded`, body: 'The team no longer exists.' }, now);
    }
    await leaveEveryAlliance(t, teamId, team.name, actor, now);
    await tx.delete(teams).where(eq(teams.id, teamId));
  });
}

export const LAST_CAPTAIN =
  'You are the captain: hand the captaincy to another member before you leave (or disband the team if you are the only one).';

export async function leaveTeam(db: Database, teamId: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await loadTeam(t, teamId, true);
    const role = await roleIn(t, teamId, actor.id);
    if (!role) throw forbidden('You are not a member of this team.');
    if (role === 'captain') throw conflict(LAST_CAPTAIN);
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actor.id)));
    // The calendar link they were shown stops working.
    await rotateCalendarSalt(t, teamId);
  });
}

export async function removeMember(db: Database, teamId: number, userId: number, actor: Actor, now: Date) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const team = await loadTeam(t, teamId, true);
    const mine = await requireLeader(t, teamId, actor);
    const theirs = await roleIn(t, teamId, userId);
    if (!theirs) throw notFound('That athlete is not a member of this team.');
    if (userId === actor.id) throw new ApiError(422, 'To leave the team yourself, use Leave team.');
    if (theirs === 'captain') throw conflict('The captain cannot be removed: the captain hands the captaincy over first.');
    if (theirs === 'co_captain' && mine !== 'captain' && !actor.isAdmin) throw forbidden('Only the captain can remove a co-captain.');
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await rotateCalendarSalt(t, teamId);
    await notify(t, { userId, kind: 'team_removed', title: `You were removed from ${team.name}` }, now);
  });
  return teamDetail(db, teamId, actor, now);
}

/** Roles: only the captain (or an administrator) changes them; naming a new captain makes the old one a co-captain. */
export async function setRole(db: Database, teamId: number, userId: number, role: TeamRole, actor: Actor, now: Date) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const team = await loadTeam(t, teamId, true);
    const mine = await roleIn(t, teamId, actor.id);
    if (mine !== 'captain' && !actor.isAdmin) throw forbidden('Only the captain can change roles.');
    const theirs = await roleIn(t, teamId, userId);
    if (!theirs) throw notFound('That athlete is not a member of this team.');
    if (theirs === 'captain' && role !== 'captain') throw conflict('Name another captain first: a team always has one.');
    if (theirs === role) return;
    const where = (id: number) => and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, id));
    if (role === 'captain') {
      await tx
        .update(teamMembers)
        .set({ role: 'co_captain' })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'captain')));
      await notify(t, { userId, kind: 'team_captaincy', title: `You are now the captain of ${team.name}`, link: teamLink(teamId) }, now);
    }
    await tx.update(teamMembers).set({ role }).where(where(userId));
  });
  return teamDetail(db, teamId, actor, now);
}

/** The caller's teams and the invitations waiting for their answer. */
export async function myTeams(db: Database, userId: number, now: Date) {
  const rows = await rowsOf<{
    id: number;
    name: string;
    tag: string;
    gym: string;
    visibility: string;
    max_size: number;
    member_count: number;
    role: string;
  }>(
    db,
    sql`select t.id, t.name, t.tag, t.gym, t.visibility, t.max_size, m.role,
          (select count(*)::int from team_members c where c.team_id = t.id) as member_count
        from team_members m join teams t on t.id = m.team_id
        where m.user_id = ${userId} order by t.name`,
  );
  const invitations = await db
    .select({ i: teamInvitations, teamName: teams.name })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(
      and(
        eq(teamInvitations.userId, userId),
        eq(teamInvitations.kind, 'invite'),
        eq(teamInvitations.status, 'pending'),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(teamInvitations.id))
    .limit(50);
  const people = await peopleById(db, [userId, ...invitations.map((r) => r.i.invitedBy)]);
  return {
    teams: rows.map((r) => ({ ...r, visibility: r.visibility as TeamVisibility, role: r.role as TeamRole })),
    invitations: invitations.map((r) => presentInvitation(r.i, r.teamName, people, now, false)),
  };
}

export async function peopleById(db: Database, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = wanted.length ? await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, wanted)) : [];
  return new Map(rows.map((r) => [r.id, r.name]));
}

const RECENT_RESULTS = 3;

/** The dashboard: members with roles and recent results, the team's challenges, and (for its leaders) what waits. */
export async function teamDetail(db: Database, teamId: number, actor: Actor, now: Date) {
  const team = await loadTeam(db, teamId);
  const members = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role, joinedAt: teamMembers.joinedAt, name: users.displayName })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`case ${teamMembers.role} when 'captain' then 0 when 'co_captain' then 1 else 2 end`, asc(teamMembers.joinedAt));
  const viewerRole = (members.find((m) => m.userId === actor.id)?.role as TeamRole | undefined) ?? null;
  // Hidden by moderators: only its members and staff still see it.
  if (team.hiddenAt && !viewerRole && !actor.isAdmin) throw notFound(NO_TEAM);
  const ids = members.map((m) => m.userId);
  // Each member's latest scores: one lateral join over the per-user index, bounded by the team's size.
  const results = ids.length
    ? await rowsOf<{
        user_id: number;
        challenge_id: number;
        title: string;
        score_type: string;
        reps_per_round: number | null;
        status: string;
        value: number;
        tiebreak_ms: number | null;
        submitted_at: string | Date;
      }>(
        db,
        sql`select u.id as user_id, s.challenge_id, c.title, c.score_type, c.reps_per_round, s.status, s.value::float8 as value, s.tiebreak_ms, s.submitted_at
            from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) as u(id)
            cross join lateral (
              select * from challenge_scores s where s.user_id = u.id and s.deleted_at is null order by s.submitted_at desc limit ${RECENT_RESULTS}
            ) s join challenges c on c.id = s.challenge_id and c.deleted_at is null
            order by s.submitted_at desc`,
      )
    : [];
  const challengeRows = ids.length
    ? await db
        .select({ id: challenges.id, title: challenges.title, startsAt: challenges.startsAt, endsAt: challenges.endsAt, members: count() })
        .from(challengeParticipants)
        .innerJoin(challenges, eq(challenges.id, challengeParticipants.challengeId))
        .where(and(inArray(challengeParticipants.userId, ids), gt(challenges.endsAt, now), sql`${challenges.deletedAt} is null`))
        .groupBy(challenges.id)
        .orderBy(asc(challenges.startsAt))
        .limit(20)
    : [];
  const leader = leadsTeam(viewerRole) || actor.isAdmin;
  const waiting = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, now)))
    .orderBy(desc(teamInvitations.id))
    .limit(100);
  const people = await peopleById(db, [...waiting.map((w) => w.userId), ...waiting.map((w) => w.invitedBy)]);
  const own = waiting.find((w) => w.userId === actor.id) ?? null;
  return {
    id: team.id,
    name: team.name,
    tag: team.tag,
    gym: team.gym,
    description: team.description,
    visibility: team.visibility as TeamVisibility,
    max_size: team.maxSize,
    member_count: members.length,
    created_at: team.createdAt.toISOString(),
    hidden: team.hiddenAt !== null,
    viewer_role: viewerRole,
    members: members.map((m) => ({
      user_id: m.userId,
      display_name: m.name,
      role: m.role as TeamRole,
      joined_at: m.joinedAt.toISOString(),
      recent_results: results
        .filter((r) => r.user_id === m.userId)
        .map((r) => ({
          challenge_id: r.challenge_id,
          challenge_title: r.title,
          display: formatScore(
            r.score_type as ScoreType,
            { status: r.status as EncodedScore['status'], value: Number(r.value), tiebreakMs: r.tiebreak_ms },
            {
              repsPerRound: r.reps_per_round,
            },
          ),
          submitted_at: new Date(r.submitted_at).toISOString(),
        })),
    })),
    pending: leader ? waiting.map((w) => presentInvitation(w, team.name, people, now, true)) : [],
    viewer_pending: own ? presentInvitation(own, team.name, people, now, false) : null,
    entries: await teamEntries(db, teamId, now),
    challenges: challengeRows.map((c) => ({
      id: c.id,
      title: c.title,
      starts_at: c.startsAt.toISOString(),
      ends_at: c.endsAt.toISOString(),
      members: c.members,
    })),
  };
}
