import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { teamInvitations, teams } from '#server/db/schema.ts';
import { notifyInvitee, peopleById } from './teams.ts';

/** A new account takes over the invitations that waited for its address, and hears about each in its inbox. */
export async function claimEmailInvitations(db: Database, userId: number, emailNormalized: string, now: Date) {
  const claimed = await db
    .update(teamInvitations)
    .set({ userId })
    .where(
      and(
        sql`${teamInvitations.userId} is null`,
        eq(teamInvitations.email, emailNormalized),
        eq(teamInvitations.status, 'pending'),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .returning();
  for (const row of claimed) {
    const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId));
    const inviter = row.invitedBy !== null ? (await peopleById(db, [row.invitedBy])).get(row.invitedBy) : undefined;
    await notifyInvitee(db, row, team?.name ?? 'a team', inviter ?? 'A captain', userId, now);
  }
}
