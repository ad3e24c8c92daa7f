import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { athleteProfiles, gyms, teams } from '#server/db/schema.ts';
import { tidyGymText } from '#domain/gyms.ts';
import { gymShown } from '#server/lib/boards/privacy-names.ts';
import { presentGym } from './gyms.ts';

/** `like` pattern for names starting with `prefix` (its wildcards taken literally). */
const prefixPattern = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The public gyms directory: verified gyms only (someone's unverified gym, perhaps spam, is listed once an
 * editor verifies it), each with the athletes who show it publicly and its visible teams, most athletes
 * first. The counts are one grouped scan each, joined to the page's gyms.
 */
export async function gymDirectory(db: Database, q: { q?: string; page: number; page_size: number }) {
  const where: SQL[] = [eq(gyms.verified, true)];
  const prefix = q.q ? tidyGymText(q.q) : '';
  if (prefix) where.push(sql`lower(${gyms.name}) like ${prefixPattern(prefix)}`);
  const filter = and(...where);
  const athleteCounts = db
    .select({ gymId: athleteProfiles.gymId, n: sql<number>`count(*)::int`.as('athletes_n') })
    .from(athleteProfiles)
    .where(and(sql`${athleteProfiles.gymId} is not null`, gymShown(athleteProfiles.privacy, athleteProfiles.hiddenAt)))
    .groupBy(athleteProfiles.gymId)
    .as('a');
  const teamCounts = db
    .select({ gymId: teams.gymId, n: sql<number>`count(*)::int`.as('teams_n') })
    .from(teams)
    .where(and(sql`${teams.gymId} is not null`, isNull(teams.hiddenAt)))
    .groupBy(teams.gymId)
    .as('t');
  const athletes = sql<number>`coalesce(${athleteCounts.n}, 0)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ gym: gyms, athlete_count: athletes, team_count: sql<number>`coalesce(${teamCounts.n}, 0)` })
      .from(gyms)
      .leftJoin(athleteCounts, eq(athleteCounts.gymId, gyms.id))
      .leftJoin(teamCounts, eq(teamCounts.gymId, gyms.id))
      .where(filter)
      .orderBy(sql`${athletes} desc`, sql`lower(${gyms.name})`, gyms.id)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(gyms).where(filter),
  ]);
  return {
    items: rows.map((r) => ({ ...presentGym(r.gym), athlete_count: Number(r.athlete_count), team_count: Number(r.team_count) })),
    total: Number(total?.n ?? 0),
    page: q.page,
    page_size: q.page_size,
  };
}
