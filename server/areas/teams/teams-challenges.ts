import { and, asc, count, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { challengeParticipants, challenges, challengeTeams, teamChallengeEntries, teamMembers, users } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import type { Division } from '#domain/scoring/index.ts';
import type { TeamRole } from '#domain/teams.ts';
import { challengeStatus, type ChallengeRow, type TeamRule, placement, teamStanding } from '../challenges/index.ts';
import { signedCurrentWaiver } from '../legal/index.ts';
import { notify } from '../notifications/index.ts';
import { forbidden, loadTeam, requireLeader, roleIn, type Actor } from './teams-access.ts';

// A lasting team enters a team challenge as a unit: the captain picks who competes; the challenge gets its own
// team (challenge_teams) holding exactly them, so the team board reads it like any other; team_challenge_entries
// links the two. The quick "team for this challenge only" path of the join form stays as it was.

export const CHALLENGE_ENTERED_KIND = 'team_challenge_entered';
const ENTERABLE_LIMIT = 50;
const ENTRIES_SHOWN = 20;

const challengeLink = (challengeId: number) => `/challenge-detail-page?id=${challengeId}`;
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** Names joined for a sentence: "Ann", "Ann and Bo", "Ann, Bo and Cy". */
const listed = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** Open (running or upcoming) public team challenges this team has not entered, with which of its members are in each already. */
export async function enterableChallenges(db: Database, teamId: number, actor: Actor, now: Date) {
  await loadTeam(db, teamId);
  await requireLeader(db, teamId, actor);
  const entered = db
    .select({ id: teamChallengeEntries.challengeId })
    .from(teamChallengeEntries)
    .where(eq(teamChallengeEntries.teamId, teamId));
  const rows = await db
    .select()
    .from(challenges)
    .where(
      and(
        eq(challenges.kind, 'team'),
        eq(challenges.visibility, 'public'),
        isNull(challenges.deletedAt),
        gt(challenges.endsAt, now),
        notInArray(challenges.id, entered),
      ),
    )
    .orderBy(asc(challenges.startsAt), asc(challenges.id))
    .limit(ENTERABLE_LIMIT);
  const ids = rows.map((r) => r.id);
  const busy = ids.length
    ? await db
        .select({ challengeId: challengeParticipants.challengeId, userId: users.id, name: users.displayName })
        .from(challengeParticipants)
        .innerJoin(teamMembers, and(eq(teamMembers.userId, challengeParticipants.userId), eq(teamMembers.teamId, teamId)))
        .innerJoin(users, eq(users.id, challengeParticipants.userId))
        .where(inArray(challengeParticipants.challengeId, ids))
    : [];
  return {
    items: rows.map((c) => ({
      id: c.id,
      title: c.title,
      status: challengeStatus(c, now) as 'upcoming' | 'open',
      starts_at: c.startsAt.toISOString(),
      ends_at: c.endsAt.toISOString(),
      team_rule: c.teamRule as TeamRule,
      team_best_n: c.teamBestN,
      team_size_max: c.teamSizeMax ?? 0,
      requires_waiver: c.requiresWaiver,
      members_in_it: busy.filter((b) => b.challengeId === c.id).map((b) => ({ user_id: b.userId, display_name: b.name })),
    })),
  };
}

export interface EntryInput {
  member_ids: number[];
  division?: Division;
}

/**
 * The captain (or an administrator) enters the team with the chosen members. Everything is checked under the
 * challenge's row lock (the one every join takes), so two entries racing for a member or a place are served
 * one after the other; nothing is stored on a refusal.
 */
export async function enterChallenge(db: Database, teamId: number, challengeId: number, actor: Actor, input: EntryInput, now: Date) {
  const division = input.division ?? 'rx';
  const chosen = [...new Set(input.member_ids)];
  const challengeTeamId = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const team = await loadTeam(t, teamId, true);
    const role = await roleIn(t, teamId, actor.id);
    if (role !== 'captain' && !actor.isAdmin) throw forbidden('Only the team’s captain can enter it into a challenge.');
    const [c] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for('update');
    if (!c || c.deletedAt) throw notFound('No challenge with that id.');
    if (c.kind !== 'team' || !c.teamRule) throw new ApiError(422, `${c.title} is an individual challenge: teams cannot enter it.`);
    if (challengeStatus(c, now) === 'closed') throw conflict(`${c.title} has closed; it can no longer be entered.`);
    const [already] = await tx
      .select({ id: teamChallengeEntries.id })
      .from(teamChallengeEntries)
      .where(and(eq(teamChallengeEntries.teamId, teamId), eq(teamChallengeEntries.challengeId, c.id)));
    if (already) throw conflict(`${team.name} is entered in ${c.title} already.`);
    const max = c.teamSizeMax ?? 0;
    if (chosen.length > max)
      throw new ApiError(422, `${c.title} takes teams of at most ${max} members: choose ${max} or fewer.`, 'member_ids');
    const members = await tx
      .select({ userId: teamMembers.userId, role: teamMembers.role, name: users.displayName })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, chosen)));
    if (members.length !== chosen.length)
      throw new ApiError(422, `Only members of ${team.name} can compete for it: choose from its member list.`, 'member_ids');
    const nameOf = new Map(members.map((m) => [m.userId, m.name]));
    const taken = await tx
      .select({ userId: challengeParticipants.userId, teamName: challengeTeams.name })
      .from(challengeParticipants)
      .leftJoin(challengeTeams, eq(challengeTeams.id, challengeParticipants.teamId))
      .where(and(eq(challengeParticipants.challengeId, c.id), inArray(challengeParticipants.userId, chosen)));
    if (taken.length > 0) {
      const who = taken.map((p) => `${nameOf.get(p.userId)}${p.teamName ? ` (with ${p.teamName})` : ''}`);
      throw conflict(`${listed(who)} ${taken.length === 1 ? 'is' : 'are'} in ${c.title} with another team already.`);
    }
    const [sameName] = await tx
      .select({ id: challengeTeams.id })
      .from(challengeTeams)
      .where(and(eq(challengeTeams.challengeId, c.id), sql`lower(${challengeTeams.name}) = lower(${team.name})`));
    if (sameName) throw conflict(`A team called “${team.name}” is in ${c.title} already (a team for that challenge only).`);
    if (c.participantCap !== null && c.participantCount + chosen.length > c.participantCap)
      throw conflict(`${c.title} has room for ${Math.max(0, c.participantCap - c.participantCount)} more athletes, not ${chosen.length}.`);
    if (c.requiresWaiver) {
      const unsigned: string[] = [];
      let version = 0;
      for (const m of members) {
        const w = await signedCurrentWaiver(t, m.userId);
        version = w.version;
        if (!w.signed) unsigned.push(m.name);
      }
      if (unsigned.length)
        throw conflict(
          `${c.title} needs each athlete’s signature on the liability waiver (version ${version}): ${listed(unsigned)} must sign it first.`,
        );
    }
    const placed = [];
    for (const m of members) {
      try {
        placed.push({ userId: m.userId, ...(await placement(t, c, m.userId, null)) });
      } catch (e) {
        if (e instanceof ApiError && e.statusCode === 422)
          throw new ApiError(
            422,
            `${c.title} ranks men and women separately: ${m.name} has to set their sex on their profile first.`,
            'member_ids',
          );
        throw e;
      }
    }
    // The challenge's own team, captained by the lasting team's captain when they compete, else by its most senior competitor.
    const rank = (r: string) => ['captain', 'co_captain', 'member'].indexOf(r as TeamRole);
    const lead = [...members].sort((a, b) => rank(a.role) - rank(b.role))[0]!;
    const [ct] = await tx
      .insert(challengeTeams)
      .values({ challengeId: c.id, name: team.name, captainId: lead.userId, createdAt: now })
      .returning({ id: challengeTeams.id });
    await tx.insert(challengeParticipants).values(
      placed.map((p) => ({
        challengeId: c.id,
        userId: p.userId,
        division,
        sex: p.sex,
        ageGroup: p.ageGroup,
        category: p.category,
        teamId: ct!.id,
        joinedAt: now,
      })),
    );
    await tx
      .update(challenges)
      .set({ participantCount: sql`${challenges.participantCount} + ${chosen.length}` })
      .where(eq(challenges.id, c.id));
    await tx
      .insert(teamChallengeEntries)
      .values({ teamId, challengeId: c.id, challengeTeamId: ct!.id, enteredBy: actor.id, enteredAt: now });
    for (const m of members)
      await notify(
        t,
        {
          userId: m.userId,
          kind: CHALLENGE_ENTERED_KIND,
          title: `${team.name} entered ${c.title}: you compete`,
          body: `Submit your score between ${dateOf(c.startsAt)} and ${dateOf(c.endsAt)}; your best counts for the team.`,
          link: challengeLink(c.id),
        },
        now,
      );
    return ct!.id;
  });
  const [entry] = await teamEntries(db, teamId, now, challengeTeamId);
  return entry!;
}

/** The challenges the team entered, latest first, each with the team's place computed by the team board's own statement. */
export async function teamEntries(db: Database, teamId: number, now: Date, onlyChallengeTeamId?: number) {
  const rows = await db
    .select({ c: challenges, challengeTeamId: teamChallengeEntries.challengeTeamId, enteredAt: teamChallengeEntries.enteredAt })
    .from(teamChallengeEntries)
    .innerJoin(challenges, eq(challenges.id, teamChallengeEntries.challengeId))
    .where(
      and(
        eq(teamChallengeEntries.teamId, teamId),
        isNull(challenges.deletedAt),
        onlyChallengeTeamId === undefined ? undefined : eq(teamChallengeEntries.challengeTeamId, onlyChallengeTeamId),
      ),
    )
    .orderBy(desc(challenges.endsAt), desc(teamChallengeEntries.id))
    .limit(ENTRIES_SHOWN);
  return Promise.all(rows.map((r) => presentEntry(db, r.c, r.challengeTeamId, r.enteredAt, now)));
}

async function presentEntry(db: Database, c: ChallengeRow, challengeTeamId: number, enteredAt: Date, now: Date) {
  const standing = await teamStanding(db, c, challengeTeamId);
  const [members] = await db.select({ n: count() }).from(challengeParticipants).where(eq(challengeParticipants.teamId, challengeTeamId));
  return {
    challenge_id: c.id,
    title: c.title,
    status: challengeStatus(c, now),
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    entered_at: enteredAt.toISOString(),
    challenge_team_id: challengeTeamId,
    competitors: members?.n ?? 0,
    // A team with no counted result sits at the bottom without a real place: it shows none yet.
    place: standing && standing.counted > 0 ? standing.rank : null,
    teams: standing?.teams ?? 0,
    aggregate: standing?.aggregate ?? null,
  };
}
