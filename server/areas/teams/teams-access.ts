import { and, count, eq } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { teamMembers, teams } from '#server/db/schema.ts';
import { ApiError, notFound } from '#server/errors.ts';
import { leadsTeam, type TeamRole } from '#domain/teams.ts';
import { randomToken } from '#server/lib/tokens.ts';

// Who may act on a lasting team, and the team row every change locks first (shared by the teams services).

export interface Actor {
  id: number;
  isAdmin: boolean;
}
type TeamRow = typeof teams.$inferSelect;

export const NO_TEAM = 'That team does not exist (it may have been disbanded).';
export const teamLink = (teamId: number) => `/team-dashboard-page?id=${teamId}`;
export const forbidden = (detail: string) => new ApiError(403, detail);

/** The team, locked for the rest of the transaction when asked (every change to its members takes this lock). */
export async function loadTeam(db: Database, teamId: number, lock = false): Promise<TeamRow> {
  const query = db.select().from(teams).where(eq(teams.id, teamId));
  const [team] = lock ? await query.for('update') : await query;
  if (!team) throw notFound(NO_TEAM);
  return team;
}

export async function roleIn(db: Database, teamId: number, userId: number): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return (row?.role as TeamRole | undefined) ?? null;
}

export async function memberCount(db: Database, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

/** Captains and co-captains (and administrators) run the team; anyone else gets a 403. */
export async function requireLeader(db: Database, teamId: number, actor: Actor): Promise<TeamRole | null> {
  const role = await roleIn(db, teamId, actor.id);
  if (!leadsTeam(role) && !actor.isAdmin) throw forbidden('Only the team’s captain and co-captains can do that.');
  return role;
}

/** The role gate's question (x-role: captain / team-leader): the caller's role in a team, and whether the team exists at all. */
export async function teamRoleOf(db: Database, teamId: number, userId: number): Promise<{ exists: boolean; role: TeamRole | null }> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  return { exists: !!team, role: team ? await roleIn(db, teamId, userId) : null };
}

/** A new calendar salt: every calendar link of the team made before stops working (a member left or was removed, or the captain asked). */
export async function rotateCalendarSalt(db: Database, teamId: number): Promise<void> {
  await db
    .update(teams)
    .set({ calendarSalt: randomToken(16) })
    .where(eq(teams.id, teamId));
}
