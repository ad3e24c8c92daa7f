import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { teamMembers, teams, users } from '#server/db/schema.ts';
import { leadsTeam, type TeamRole } from '#domain/teams.ts';

// What the battles area needs of a lasting team to enter it as a squad: its roster, and the teams a captain leads.

export interface TeamRoster {
  id: number;
  name: string;
  members: { userId: number; displayName: string; role: TeamRole }[];
}

async function rostersOf(db: Database, rows: { id: number; name: string }[]): Promise<TeamRoster[]> {
  if (!rows.length) return [];
  const members = await db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, displayName: users.displayName, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      inArray(
        teamMembers.teamId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    members: members
      .filter((m) => m.teamId === r.id)
      .map((m) => ({ userId: m.userId, displayName: m.displayName, role: m.role as TeamRole })),
  }));
}

/** One team and its members (earliest joined first), or null when there is no such team. */
export async function teamRoster(db: Database, teamId: number): Promise<TeamRoster | null> {
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return (await rostersOf(db, rows))[0] ?? null;
}

/** The visible teams the user captains or co-captains, with their members, by name. */
export async function teamsLedBy(db: Database, userId: number): Promise<TeamRoster[]> {
  const rows = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), isNull(teams.hiddenAt)))
    .orderBy(asc(teams.name));
  return rostersOf(
    db,
    rows.filter((r) => leadsTeam(r.role as TeamRole)),
  );
}

/** Every visible team with at least `minMembers` members, oldest first (the demo's squads). */
export async function teamRostersWithAtLeast(db: Database, minMembers: number, limit: number): Promise<TeamRoster[]> {
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(isNull(teams.hiddenAt)).orderBy(asc(teams.id));
  return (await rostersOf(db, rows)).filter((t) => t.members.length >= minMembers).slice(0, limit);
}
