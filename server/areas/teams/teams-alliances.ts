import { and, desc, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { allianceMembers, alliances, teamMembers, teams } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import { ALLIANCE_LIMIT, type AllianceMemberState, type AllianceStatus } from '#domain/teams-alliances.ts';
import { leadsTeam } from '#domain/teams.ts';
import { notify } from '../notifications/index.ts';
import type { NotificationKind } from '#domain/notifications.ts';
import { loadTeam, requireLeader, roleIn, teamLink, type Actor } from './teams-access.ts';

// Alliances of lasting teams: propose → every invited team's captain accepts → active; any captain may take
// their team out; an alliance left with fewer than two teams ends. Every change locks the acting team's row
// first, then the alliance's, so two answers at once are served one after the other.

type AllianceRow = typeof alliances.$inferSelect;
const NO_ALLIANCE = 'That alliance does not exist.';
const LIVE: AllianceStatus[] = ['pending', 'active'];

async function loadAlliance(db: Database, id: number, lock = false): Promise<AllianceRow> {
  const query = db.select().from(alliances).where(eq(alliances.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_ALLIANCE);
  return row;
}

/** How many pending or active alliances the team is in (accepted, or invited and not answered yet when asked). */
async function liveCount(db: Database, teamId: number, states: AllianceMemberState[] = ['accepted']) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(allianceMembers)
    .innerJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
    .where(and(eq(allianceMembers.teamId, teamId), inArray(allianceMembers.state, states), inArray(alliances.status, LIVE)));
  return row?.n ?? 0;
}

const atLimit = (name: string) => conflict(`${name} is already in ${ALLIANCE_LIMIT} alliances, the most a team may have. Leave one first.`);

async function membersOf(db: Database, allianceIds: number[]) {
  if (allianceIds.length === 0) return [];
  return db
    .select({
      allianceId: allianceMembers.allianceId,
      id: teams.id,
      name: teams.name,
      tag: teams.tag,
      gym: teams.gym,
      state: allianceMembers.state,
      invitedAt: allianceMembers.invitedAt,
    })
    .from(allianceMembers)
    .innerJoin(teams, eq(teams.id, allianceMembers.teamId))
    .where(inArray(allianceMembers.allianceId, allianceIds))
    .orderBy(allianceMembers.invitedAt, teams.name);
}

function present(a: AllianceRow, members: Awaited<ReturnType<typeof membersOf>>, teamId: number | null) {
  const own = members.filter((m) => m.allianceId === a.id);
  return {
    id: a.id,
    name: a.name,
    status: a.status as AllianceStatus,
    created_at: a.createdAt.toISOString(),
    active_at: a.activeAt?.toISOString() ?? null,
    proposed_by_team: a.proposedByTeam,
    team_state: (own.find((m) => m.id === teamId)?.state as AllianceMemberState | undefined) ?? null,
    teams: own.map((m) => ({ id: m.id, name: m.name, tag: m.tag, gym: m.gym, state: m.state as AllianceMemberState })),
  };
}
export type PresentedAlliance = ReturnType<typeof present>;

async function presentOne(db: Database, a: AllianceRow, teamId: number) {
  return present(a, await membersOf(db, [a.id]), teamId);
}

/** Captains and co-captains of the teams given, less the one who acted (they know). */
async function leadersOf(db: Database, teamIds: number[], except: number) {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, teamIds), inArray(teamMembers.role, ['captain', 'co_captain']), ne(teamMembers.userId, except)));
  return rows.map((r) => r.userId);
}

async function tell(db: Database, teamIds: number[], actor: Actor, kind: NotificationKind, title: string, body: string, now: Date) {
  for (const userId of await leadersOf(db, teamIds, actor.id)) {
    const [firstTeam] = await db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(
        and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, teamIds), inArray(teamMembers.role, ['captain', 'co_captain'])),
      );
    await notify(db, { userId, kind, title, body, link: firstTeam ? teamLink(firstTeam.teamId) : '' }, now);
  }
}

export async function listAlliances(db: Database, teamId: number, actor: Actor) {
  await loadTeam(db, teamId);
  const role = await roleIn(db, teamId, actor.id);
  const insider = role !== null || actor.isAdmin;
  const rows = await db
    .select({ alliance: alliances })
    .from(allianceMembers)
    .innerJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
    .where(
      and(
        eq(allianceMembers.teamId, teamId),
        insider ? ne(allianceMembers.state, 'left') : eq(allianceMembers.state, 'accepted'),
        insider ? inArray(alliances.status, LIVE) : eq(alliances.status, 'active'),
      ),
    )
    .orderBy(sql`case when ${alliances.status} = 'active' then 0 else 1 end`, desc(alliances.id))
    .limit(100);
  const list = rows.map((r) => r.alliance);
  const members = await membersOf(
    db,
    list.map((a) => a.id),
  );
  return { can_act: leadsTeam(role) || actor.isAdmin, items: list.map((a) => present(a, members, teamId)) };
}

export async function searchCandidates(db: Database, teamId: number, actor: Actor, q: string) {
  await loadTeam(db, teamId);
  await requireLeader(db, teamId, actor);
  const pattern = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const items = await db
    .select({ id: teams.id, name: teams.name, tag: teams.tag, gym: teams.gym })
    .from(teams)
    .where(and(ilike(teams.name, pattern), ne(teams.id, teamId), isNull(teams.hiddenAt)))
    .orderBy(teams.name)
    .limit(10);
  return { items };
}

export async function propose(db: Database, teamId: number, actor: Actor, input: { name: string; team_ids: number[] }, now: Date) {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw new ApiError(400, 'Give the alliance a name.', 'name');
  const ids = input.team_ids;
  if (ids.includes(teamId)) throw new ApiError(422, 'Your own team is in the alliance already: choose the other teams.');
  if (new Set(ids).size !== ids.length) throw new ApiError(422, 'The same team is named twice.');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const team = await loadTeam(t, teamId, true);
    await requireLeader(t, teamId, actor);
    const others = await t.select().from(teams).where(inArray(teams.id, ids));
    if (others.length !== ids.length) throw notFound('One of the teams does not exist (it may have been disbanded).');
    if ((await liveCount(t, teamId)) >= ALLIANCE_LIMIT) throw atLimit(team.name);
    for (const other of others) if ((await liveCount(t, other.id)) >= ALLIANCE_LIMIT) throw atLimit(other.name);
    const [sameName] = await t
      .select({ id: alliances.id })
      .from(alliances)
      .innerJoin(allianceMembers, eq(allianceMembers.allianceId, alliances.id))
      .where(
        and(
          eq(allianceMembers.teamId, teamId),
          ne(allianceMembers.state, 'left'),
          inArray(alliances.status, LIVE),
          sql`lower(${alliances.name}) = lower(${name})`,
        ),
      );
    if (sameName) throw conflict(`${team.name} is already in an alliance called ${name}.`);
    // The same set of teams already allied or proposed.
    const wanted = [teamId, ...ids].sort((a, b) => a - b).join(',');
    const sets = await t
      .select({ id: alliances.id, set: sql<string>`string_agg(${allianceMembers.teamId}::text, ',' order by ${allianceMembers.teamId})` })
      .from(alliances)
      .innerJoin(allianceMembers, eq(allianceMembers.allianceId, alliances.id))
      .where(and(inArray(alliances.status, LIVE), ne(allianceMembers.state, 'left')))
      .groupBy(alliances.id);
    if (sets.some((s) => s.set === wanted)) throw conflict('These teams are already allied, or a proposal for them is waiting.');
    const [row] = await t
      .insert(alliances)
      .values({ name, status: 'pending', proposedByTeam: teamId, proposedBy: actor.id, createdAt: now })
      .returning();
    await t
      .insert(allianceMembers)
      .values([
        { allianceId: row!.id, teamId, state: 'accepted', invitedAt: now, respondedAt: now, respondedBy: actor.id },
        ...ids.map((id) => ({ allianceId: row!.id, teamId: id, state: 'invited', invitedAt: now })),
      ]);
    await tell(
      t,
      ids,
      actor,
      'alliance_proposed',
      `${team.name} proposes the alliance ${name}`,
      'Accept or decline it on your team’s page.',
      now,
    );
    return presentOne(t, row!, teamId);
  });
}

/** After an answer: active once nobody is waiting and two teams are in; ended once fewer than two remain. */
async function settle(t: Database, a: AllianceRow, actor: Actor, now: Date, teamName: string, verb: 'accepted' | 'left') {
  const members = await t.select().from(allianceMembers).where(eq(allianceMembers.allianceId, a.id));
  const inOrWaiting = members.filter((m) => m.state !== 'left');
  const accepted = members.filter((m) => m.state === 'accepted');
  const everyone = inOrWaiting.map((m) => m.teamId);
  let status = a.status;
  if (inOrWaiting.length < 2) status = 'ended';
  else if (a.status === 'pending' && accepted.length === inOrWaiting.length) status = 'active';
  if (status !== a.status) {
    await t
      .update(alliances)
      .set({ status, ...(status === 'active' ? { activeAt: now } : { endedAt: now }) })
      .where(eq(alliances.id, a.id));
  }
  const told =
    verb === 'left'
      ? members.filter((m) => m.state !== 'left' || m.respondedAt?.getTime() === now.getTime()).map((m) => m.teamId)
      : everyone;
  if (status === 'active' && a.status === 'pending')
    await tell(
      t,
      told,
      actor,
      'alliance_active',
      `The alliance ${a.name} is active`,
      verb === 'accepted' ? `${teamName} accepted; every team is in.` : `${teamName} declined; every other team is in.`,
      now,
    );
  else if (status === 'ended')
    await tell(
      t,
      told,
      actor,
      'alliance_ended',
      `The alliance ${a.name} has ended`,
      `${teamName} ${verb === 'left' ? 'left' : 'declined'}; fewer than two teams remain.`,
      now,
    );
  else
    await tell(
      t,
      told,
      actor,
      `alliance_${verb}`,
      `${teamName} ${verb === 'accepted' ? 'accepted' : 'left'} the alliance ${a.name}`,
      '',
      now,
    );
  return { ...a, status, activeAt: status === 'active' && a.status === 'pending' ? now : a.activeAt };
}

const memberOf = (allianceId: number, teamId: number) =>
  and(eq(allianceMembers.allianceId, allianceId), eq(allianceMembers.teamId, teamId));

/** A captain answering for their team: the team (leaders only), the alliance (locked) and the team's row in it. */
async function answering(t: Database, allianceId: number, teamId: number, actor: Actor) {
  const team = await loadTeam(t, teamId, true);
  await requireLeader(t, teamId, actor);
  const a = await loadAlliance(t, allianceId, true);
  const [member] = await t.select().from(allianceMembers).where(memberOf(allianceId, teamId));
  return { team, a, member };
}

/** The team's answer: accepted, or left (a decline is a leave before accepting). */
async function answer(t: Database, allianceId: number, teamId: number, state: 'accepted' | 'left', actor: Actor, now: Date) {
  await t.update(allianceMembers).set({ state, respondedAt: now, respondedBy: actor.id }).where(memberOf(allianceId, teamId));
}

export async function accept(db: Database, allianceId: number, teamId: number, actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { team, a, member } = await answering(t, allianceId, teamId, actor);
    if (!member) throw notFound(`${team.name} was not invited to that alliance.`);
    if (a.status === 'ended') throw conflict(`The alliance ${a.name} has ended.`);
    if (member.state !== 'invited')
      throw conflict(
        member.state === 'accepted' ? `${team.name} is in ${a.name} already.` : `${team.name} left ${a.name}; it cannot accept now.`,
      );
    if ((await liveCount(t, teamId)) >= ALLIANCE_LIMIT) throw atLimit(team.name);
    await answer(t, allianceId, teamId, 'accepted', actor, now);
    return presentOne(t, await settle(t, a, actor, now, team.name, 'accepted'), teamId);
  });
}

export async function leave(db: Database, allianceId: number, teamId: number, actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { team, a, member } = await answering(t, allianceId, teamId, actor);
    if (!member) throw notFound(`${team.name} is not in that alliance.`);
    if (member.state === 'left' || a.status === 'ended') throw conflict(`${team.name} is no longer in ${a.name}.`);
    await answer(t, allianceId, teamId, 'left', actor, now);
    return presentOne(t, await settle(t, a, actor, now, team.name, 'left'), teamId);
  });
}

/** A team about to be disbanded leaves every pending or active alliance first (an alliance left with one team ends). */
export async function leaveEveryAlliance(t: Database, teamId: number, teamName: string, actor: Actor, now: Date) {
  const rows = await t
    .select({ id: alliances.id })
    .from(allianceMembers)
    .innerJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
    .where(and(eq(allianceMembers.teamId, teamId), ne(allianceMembers.state, 'left'), inArray(alliances.status, LIVE)))
    .orderBy(alliances.id);
  for (const { id } of rows) {
    const a = await loadAlliance(t, id, true);
    await answer(t, id, teamId, 'left', actor, now);
    await settle(t, a, actor, now, teamName, 'left');
  }
}
