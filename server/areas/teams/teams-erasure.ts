import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { teamInvitations, teamMembers, teams } from '#server/db/schema.ts';
import { notify } from '../notifications/index.ts';
import { loadTeam, rotateCalendarSalt, teamLink } from './teams-access.ts';
import { leaveEveryAlliance } from './teams-alliances.ts';

/**
 * An erased account leaves every lasting team, inside the erasure's transaction. A captain's team passes to a
 * co-captain, else to the longest-standing member (the earliest to join; equal times by account number); a team
 * left with nobody is disbanded. Invitations and join requests waiting for the account go too.
 */
export async function leaveTeamsOnErasure(tx: Database, userId: number, now: Date) {
  const memberships = await tx
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.teamId));
  for (const m of memberships) {
    // The team row lock every change to its members takes, in team order (so two erasures cannot deadlock).
    const team = await loadTeam(tx, m.teamId, true);
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, m.teamId), eq(teamMembers.userId, userId)));
    await rotateCalendarSalt(tx, m.teamId);
    if (m.role !== 'captain') continue;
    const [next] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, m.teamId))
      .orderBy(sql`(${teamMembers.role} <> 'co_captain')`, asc(teamMembers.joinedAt), asc(teamMembers.userId))
      .limit(1);
    if (!next) {
      await leaveEveryAlliance(tx, m.teamId, team.name, { id: userId, isAdmin: false }, now);
      await tx.delete(teams).where(eq(teams.id, m.teamId));
      continue;
    }
    await tx
      .update(teamMembers)
      .set({ role: 'captain' })
      .where(and(eq(teamMembers.teamId, m.teamId), eq(teamMembers.userId, next.userId)));
    await notify(
      tx,
      {
        userId: next.userId,
        kind: 'team_captaincy',
        title: `You are now the captain of ${team.name}`,
        body: 'The captain’s account was deleted, so the captaincy passed to you.',
        link: teamLink(m.teamId),
      },
      now,
    );
  }
  await tx.delete(teamInvitations).where(and(eq(teamInvitations.userId, userId), eq(teamInvitations.status, 'pending')));
}
