import { and, eq, ilike, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { mailSubject, nameForMail } from '#domain/mail-text.ts';
import { DEV_ORIGIN } from '#server/config.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { teamInvitations, teamMembers, users } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import {
  INVITATION_TTL_MS,
  INVITES_PER_CAPTAIN_PER_HOUR,
  INVITES_PER_TEAM_PER_DAY,
  leadsTeam,
  PENDING_INVITATIONS_MAX,
} from '#domain/teams.ts';
import { normalizeEmail, sendLater } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import { acceptsInvitationFrom } from '../settings/index.ts';
import {
  day,
  forbidden,
  loadTeam,
  memberCount,
  notifyInvitee,
  peopleById,
  presentInvitation,
  requireLeader,
  roleIn,
  statusAt,
  teamLink,
  type Actor,
  type InvitationRow,
  type Status,
} from './teams.ts';

// Invitations (a captain asks an athlete or an address) and join requests (an athlete asks a public team).
// Every change locks the team row first, so two answers racing for the last seat are served one after the other.

async function present(db: Database, i: InvitationRow, now: Date, showEmail: boolean) {
  const team = await loadTeam(db, i.teamId);
  return presentInvitation(i, team.name, await peopleById(db, [i.userId, i.invitedBy]), now, showEmail);
}

const teamFull = (name: string, size: number) =>
  conflict(`${name} is full (${size} of ${size} places). Remove a member or raise the team’s size first.`);

/** Pending rows past their date become expired, so a new invitation to the same person can be stored. */
async function expireStale(db: Database, teamId: number, now: Date) {
  await db
    .update(teamInvitations)
    .set({ status: 'expired' })
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending'), lte(teamInvitations.expiresAt, now)));
}

async function leaderIds(db: Database, teamId: number) {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.role, ['captain', 'co_captain'])));
  return rows.map((r) => r.userId);
}

async function shareATeam(db: Database, a: number, b: number) {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`select 1 as n from team_members x join team_members y on y.team_id = x.team_id where x.user_id = ${a} and y.user_id = ${b} limit 1`,
  );
  return rows.length > 0;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Invitations reach any address by mail: a captain may send so many an hour, a team so many a
 * day, and only so many may wait at once. Read under the team's lock, so racing sends count.
 */
async function withinInvitationLimits(db: Database, teamId: number, teamName: string, actorId: number, now: Date) {
  const [counts] = await rowsOf<{ by_captain: number; by_team: number; pending: number }>(
    db,
    sql`select
      (select count(*)::int from team_invitations where kind = 'invite' and invited_by = ${actorId}
         and created_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz) as by_captain,
      (select count(*)::int from team_invitations where kind = 'invite' and team_id = ${teamId}
         and created_at > ${new Date(now.getTime() - 24 * HOUR_MS).toISOString()}::timestamptz) as by_team,
      (select count(*)::int from team_invitations where kind = 'invite' and team_id = ${teamId}
         and status = 'pending' and expires_at > ${now.toISOString()}::timestamptz) as pending`,
  );
  if (counts!.by_captain >= INVITES_PER_CAPTAIN_PER_HOUR)
    throw new ApiError(
      429,
      `You have sent ${INVITES_PER_CAPTAIN_PER_HOUR} invitations in the last hour, the most one captain may send. Please try again later.`,
    );
  if (counts!.by_team >= INVITES_PER_TEAM_PER_DAY)
    throw new ApiError(
      429,
      `${teamName} has sent ${INVITES_PER_TEAM_PER_DAY} invitations today, the most a team may send in a day. Please try again tomorrow.`,
    );
  if (counts!.pending >= PENDING_INVITATIONS_MAX)
    throw conflict(
      `${teamName} has ${PENDING_INVITATIONS_MAX} invitations waiting for an answer, the most a team may have. Revoke some or wait for answers first.`,
    );
}

const mailOrigin = (ctx: AppContext) => `${ctx.config.publicOrigin ?? DEV_ORIGIN()}${ctx.config.basePath}`;

export async function invite(ctx: AppContext, teamId: number, actor: Actor, input: { user_id?: number; email?: string }, now: Date) {
  const db = ctx.database.db;
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const team = await loadTeam(t, teamId, true);
    await requireLeader(t, teamId, actor);
    const email = input.email !== undefined ? normalizeEmail(input.email) : null;
    const [target] = await t
      .select()
      .from(users)
      .where(input.user_id !== undefined ? eq(users.id, input.user_id) : eq(users.emailNormalized, email!));
    if (!target && input.user_id !== undefined) throw notFound('No athlete with that id.');
    if (target?.id === actor.id) throw new ApiError(422, 'You cannot invite yourself.');
    if (target && (await roleIn(t, teamId, target.id)))
      throw new ApiError(422, `${target.displayName} is already a member of ${team.name}.`);
    if ((await memberCount(t, teamId)) >= team.maxSize) throw teamFull(team.name, team.maxSize);
    await expireStale(t, teamId, now);
    const [waiting] = await t
      .select()
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          eq(teamInvitations.status, 'pending'),
          target ? eq(teamInvitations.userId, target.id) : and(eq(teamInvitations.email, email!), sql`${teamInvitations.userId} is null`),
        ),
      );
    const who = target?.displayName ?? email!;
    if (waiting?.kind === 'request') throw conflict(`${who} has already asked to join: approve their request instead.`);
    if (waiting) throw conflict(`${who} already has an invitation to ${team.name} waiting for an answer.`);
    if (target && !(await acceptsInvitationFrom(t, target.id, await shareATeam(t, target.id, actor.id))))
      throw forbidden(`${target.displayName} does not take team invitations from you (their privacy choice).`);
    await withinInvitationLimits(t, teamId, team.name, actor.id, now);
    const [row] = await t
      .insert(teamInvitations)
      .values({
        teamId,
        kind: 'invite',
        userId: target?.id ?? null,
        email: target ? null : email,
        invitedBy: actor.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    const [inviter] = await t.select({ name: users.displayName }).from(users).where(eq(users.id, actor.id));
    // The inviter's name goes into a notification title (a mail subject) and the mail itself: never a link.
    const inviterName = nameForMail(inviter?.name ?? '', 'A captain');
    if (target) await notifyInvitee(t, row!, team.name, inviterName, target.id, now);
    return { row: row!, team, target, inviterName };
  });
  const { row, team, target, inviterName } = outcome;
  // An athlete with an account is told by the notification (and its mail, if they keep it on); an address
  // without one can only be reached by mail.
  if (!target) {
    const next = encodeURIComponent(teamLink(teamId));
    sendLater(ctx, {
      to: row.email!,
      subject: mailSubject(`${inviterName} invited you to join ${nameForMail(team.name, 'a team')} on RepForge`),
      text: `Hello,\n\n${inviterName} invited you to join the team ${team.name} on RepForge, the fitness-challenge community.\n\nCreate your account with this email address to see the invitation:\n\n${mailOrigin(ctx)}login-page?mode=register&next=${next}\n\nThe invitation waits until ${day(row.expiresAt)}. If you do not know ${inviterName}, ignore this email.\n\nThe RepForge team`,
    });
  }
  return present(db, row, now, true);
}

export async function requestToJoin(ctx: AppContext, teamId: number, actor: Actor, now: Date) {
  const db = ctx.database.db;
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const team = await loadTeam(t, teamId, true);
    if (team.visibility !== 'public') throw forbidden(`${team.name} is invite only: ask its captain for an invitation.`);
    if (await roleIn(t, teamId, actor.id)) throw new ApiError(422, `You are already a member of ${team.name}.`);
    if ((await memberCount(t, teamId)) >= team.maxSize) throw teamFull(team.name, team.maxSize);
    await expireStale(t, teamId, now);
    const [waiting] = await t
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending'), eq(teamInvitations.userId, actor.id)));
    if (waiting?.kind === 'invite') throw conflict(`You already have an invitation to ${team.name}: accept it instead.`);
    if (waiting) throw conflict(`You already asked to join ${team.name}; a captain will answer.`);
    const [inserted] = await t
      .insert(teamInvitations)
      .values({ teamId, kind: 'request', userId: actor.id, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .returning();
    const [me] = await t.select({ name: users.displayName }).from(users).where(eq(users.id, actor.id));
    for (const leader of await leaderIds(t, teamId)) {
      await notify(
        t,
        {
          userId: leader,
          kind: 'team_join_request',
          title: `${me?.name ?? 'An athlete'} asks to join ${team.name}`,
          link: teamLink(teamId),
        },
        now,
      );
    }
    return inserted!;
  });
  return present(db, row, now, false);
}

/** Reads the invitation, then locks its team and the row again: the one order every answer takes. */
async function lockInvitation(db: Database, invitationId: number, now: Date) {
  const [first] = await db.select().from(teamInvitations).where(eq(teamInvitations.id, invitationId));
  if (!first) throw notFound('That invitation does not exist.');
  const team = await loadTeam(db, first.teamId, true);
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.id, invitationId)).for('update');
  if (!row) throw notFound('That invitation does not exist.');
  const status = statusAt(row, now);
  return { row, team, status };
}

function mustBePending(status: Status, row: InvitationRow) {
  if (status === 'expired')
    throw conflict(`This ${row.kind === 'invite' ? 'invitation' : 'request'} expired on ${day(row.expiresAt)}. Ask for a new one.`);
  if (status !== 'pending') throw conflict(`This ${row.kind === 'invite' ? 'invitation' : 'request'} was already ${status}.`);
}

/** The invitee answers an invitation; a captain or co-captain (or an administrator) answers a request. */
async function mayAnswer(db: Database, row: InvitationRow, actor: Actor) {
  if (row.kind === 'invite') {
    if (row.userId !== actor.id) throw forbidden('This invitation is for someone else.');
    return;
  }
  const role = await roleIn(db, row.teamId, actor.id);
  if (!leadsTeam(role) && !actor.isAdmin) throw forbidden('Only the team’s captain and co-captains can answer join requests.');
}

export async function acceptInvitation(ctx: AppContext, invitationId: number, actor: Actor, now: Date) {
  const db = ctx.database.db;
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { row, team, status } = await lockInvitation(t, invitationId, now);
    await mayAnswer(t, row, actor);
    mustBePending(status, row);
    const athleteId = row.userId!;
    if (await roleIn(t, team.id, athleteId)) throw new ApiError(422, `Already a member of ${team.name}.`);
    if ((await memberCount(t, team.id)) >= team.maxSize) throw teamFull(team.name, team.maxSize);
    await t.insert(teamMembers).values({ teamId: team.id, userId: athleteId, role: 'member', joinedAt: now });
    const [updated] = await t
      .update(teamInvitations)
      .set({ status: 'accepted', respondedAt: now })
      .where(eq(teamInvitations.id, row.id))
      .returning();
    const [athlete] = await t.select({ name: users.displayName }).from(users).where(eq(users.id, athleteId));
    if (row.kind === 'request') {
      await notify(
        t,
        {
          userId: athleteId,
          kind: 'team_request_approved',
          title: `You joined ${team.name}`,
          body: 'A captain approved your request.',
          link: teamLink(team.id),
        },
        now,
      );
    }
    for (const leader of await leaderIds(t, team.id)) {
      if (leader === actor.id) continue;
      await notify(
        t,
        {
          userId: leader,
          kind: 'team_member_joined',
          title: `${athlete?.name ?? 'An athlete'} joined ${team.name}`,
          link: teamLink(team.id),
        },
        now,
      );
    }
    return updated!;
  });
  return present(db, row, now, false);
}

export async function declineInvitation(ctx: AppContext, invitationId: number, actor: Actor, now: Date) {
  const db = ctx.database.db;
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { row, team, status } = await lockInvitation(t, invitationId, now);
    await mayAnswer(t, row, actor);
    mustBePending(status, row);
    const [updated] = await t
      .update(teamInvitations)
      .set({ status: 'declined', respondedAt: now })
      .where(eq(teamInvitations.id, row.id))
      .returning();
    if (row.kind === 'request')
      await notify(t, { userId: row.userId!, kind: 'team_request_declined', title: `Your request to join ${team.name} was declined` }, now);
    return updated!;
  });
  return present(db, row, now, false);
}

/** Captains and co-captains revoke invitations; the athlete who asked withdraws their own request. */
export async function revokeInvitation(ctx: AppContext, invitationId: number, actor: Actor, now: Date) {
  await ctx.database.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { row, status } = await lockInvitation(t, invitationId, now);
    const ownRequest = row.kind === 'request' && row.userId === actor.id;
    if (!ownRequest) await requireLeader(t, row.teamId, actor);
    mustBePending(status, row);
    await t.update(teamInvitations).set({ status: 'revoked', respondedAt: now }).where(eq(teamInvitations.id, row.id));
  });
}

/** Athletes whose name matches, not yet in the team (the inviter's search box). */
export async function searchInvitable(db: Database, teamId: number, actor: Actor, q: string) {
  await loadTeam(db, teamId);
  await requireLeader(db, teamId, actor);
  const members = db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  const pattern = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ user_id: users.id, display_name: users.displayName })
    .from(users)
    .where(
      and(
        or(ilike(users.displayName, pattern)),
        notInArray(users.id, members),
        // Profiles hidden by moderators are left out of every search.
        sql`not exists (select 1 from athlete_profiles p where p.user_id = ${users.id} and p.hidden_at is not null)`,
      ),
    )
    .orderBy(users.displayName)
    .limit(10);
  return { athletes: rows };
}
