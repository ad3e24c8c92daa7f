import { and, asc, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { EventAttributes } from 'ics';
import { DEV_ORIGIN } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { loadTeam, rotateCalendarSalt } from './teams-access.ts';
import { keyedHash, safeEqual } from '#server/lib/tokens.ts';

// The team calendar: the windows of the challenges the team entered and of those its members joined, running or
// upcoming, as an iCalendar (RFC 5545) feed a calendar app subscribes to. A calendar app sends no token, so the
// feed's link carries a key derived from the server's secret: only those shown the link (the team's members) have it.

const CALENDAR_LIMIT = 100;
const NO_CALENDAR = 'No such calendar (the link may be out of date).';

/** The link's key: the server's secret over the team and its calendar salt (teams.calendar_salt; '' until first rotated). */
const calendarKey = (ctx: AppContext, teamId: number, salt: string) =>
  keyedHash(ctx.jwtKey, salt ? `team-calendar:${teamId}:${salt}` : `team-calendar:${teamId}`);

/** The feed's path under the app's mount point (shown to the team's members on its dashboard), with the team's current salt. */
export async function calendarPath(ctx: AppContext, teamId: number): Promise<string> {
  const team = await loadTeam(ctx.database.db, teamId);
  return `${ctx.config.basePath}api/teams/${teamId}/calendar.ics?key=${calendarKey(ctx, teamId, team.calendarSalt)}`;
}

/** The captain's "new link": every earlier link of the team stops working; the answer is the new one. */
export async function rotateCalendar(ctx: AppContext, teamId: number): Promise<{ calendar_url: string }> {
  await rotateCalendarSalt(ctx.database.db, teamId);
  return { calendar_url: await calendarPath(ctx, teamId) };
}

/** Running and upcoming challenge windows of the team: the ones it entered and the ones its members joined. */
export async function teamWindows(db: Database, teamId: number, now: Date) {
  return db
    .select({ id: challenges.id, title: challenges.title, startsAt: challenges.startsAt, endsAt: challenges.endsAt })
    .from(challenges)
    .where(
      and(
        isNull(challenges.deletedAt),
        gt(challenges.endsAt, now),
        or(
          inArray(challenges.id, sql`(select challenge_id from team_challenge_entries where team_id = ${teamId})`),
          inArray(
            challenges.id,
            sql`(select p.challenge_id from challenge_participants p join team_members m on m.user_id = p.user_id where m.team_id = ${teamId})`,
          ),
        ),
      ),
    )
    .orderBy(asc(challenges.startsAt), asc(challenges.id))
    .limit(CALENDAR_LIMIT);
}

export async function teamCalendar(ctx: AppContext, teamId: number, key: string): Promise<string> {
  const db = ctx.database.db;
  const team = await loadTeam(db, teamId).catch(() => {
    throw notFound(NO_CALENDAR);
  });
  if (!safeEqual(key, calendarKey(ctx, teamId, team.calendarSalt))) throw notFound(NO_CALENDAR);
  const origin = `${ctx.config.publicOrigin ?? DEV_ORIGIN()}${ctx.config.basePath}`;
  const host = new URL(origin).hostname;
  const events: EventAttributes[] = (await teamWindows(db, teamId, ctx.now())).map((c) => ({
    uid: `team-${teamId}-challenge-${c.id}@${host}`,
    title: c.title,
    description: `${team.name}: the challenge window of ${c.title}.`,
    url: `${origin}challenge-detail-page?id=${c.id}`,
    start: c.startsAt.getTime(),
    end: c.endsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
  }));
  const { createEvents } = await import('ics'); // loaded on the first calendar (server/lib/lazy-load.ts)
  const { error, value } = createEvents(events, { productId: 'repforge/teams', calName: `${team.name} challenges` });
  if (error || value === null) throw error ?? new Error('The calendar could not be written.');
  return value;
}
