import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { EventAttributes } from 'ics';
import { DEV_ORIGIN } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { battleRounds, battles, tournamentStages, users } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { keyedHash, safeEqual } from '#server/lib/tokens.ts';
import type { BattleFormat } from '#domain/battles/index.ts';
import { roundState } from './battles.ts';
import { tournamentLink } from './tournaments.ts';

// The battle calendar: every round window of the battles an athlete is in (up to the round they fell in; squad
// members are entered too) and of the later stages of their tournaments they may still reach, as JSON for the
// hub's section and as an iCalendar (RFC 5545) feed. As with the team calendar (teams-calendar.ts), calendar apps
// send no token: the feed's link carries a key derived from the server's secret and the athlete's id.

const CALENDAR_LIMIT = 200;
/** Windows that closed up to this long ago are still listed. */
const RECENT_MS = 7 * 24 * 3_600_000;
const NO_CALENDAR = 'No such calendar (the link may be out of date).';

const calendarKey = (ctx: AppContext, userId: number) => keyedHash(ctx.jwtKey, `battle-calendar:${userId}`);

export const battleCalendarPath = (ctx: AppContext, userId: number) =>
  `${ctx.config.basePath}api/battle-royale/user/${userId}/calendar.ics?key=${calendarKey(ctx, userId)}`;

async function roundWindows(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const entered = sql<boolean>`exists (select 1 from battle_entries e where e.battle_id = ${battleRounds.battleId} and e.user_id = ${userId}
    and (e.eliminated_round is null or ${battleRounds.roundNo} <= e.eliminated_round))`;
  const rows = await ctx.database.db
    .select({
      battleId: battleRounds.battleId,
      battleName: battles.name,
      format: battles.format,
      roundNo: battleRounds.roundNo,
      opensAt: battleRounds.opensAt,
      closesAt: battleRounds.closesAt,
      closedAt: battleRounds.closedAt,
      tournamentId: tournamentStages.tournamentId,
      stageName: tournamentStages.name,
      entered,
    })
    .from(battleRounds)
    .innerJoin(battles, eq(battles.id, battleRounds.battleId))
    .leftJoin(tournamentStages, eq(tournamentStages.battleId, battleRounds.battleId))
    .where(
      and(
        gt(battleRounds.closesAt, new Date(now.getTime() - RECENT_MS)),
        or(
          entered,
          // A later stage of a tournament the athlete is in, while the stage before has not advanced yet.
          and(
            inArray(
              tournamentStages.tournamentId,
              sql`(select s.tournament_id from tournament_stages s join battle_entries e on e.battle_id = s.battle_id where e.user_id = ${userId})`,
            ),
            sql`not exists (select 1 from tournament_stages p where p.tournament_id = ${tournamentStages.tournamentId}
              and p.stage_no = ${tournamentStages.stageNo} - 1 and p.advanced_at is not null)`,
          ),
        ),
      ),
    )
    .orderBy(asc(battleRounds.opensAt), asc(battleRounds.battleId), asc(battleRounds.roundNo))
    .limit(CALENDAR_LIMIT);
  return rows.map((r) => ({
    ...r,
    entered: r.entered === true || (r.entered as unknown) === 't',
    state: roundState({ opensAt: r.opensAt, closesAt: r.closesAt, closedAt: r.closedAt } as Parameters<typeof roundState>[0], now),
  }));
}

const pageOf = (r: { format: string; battleId: number; tournamentId: number | null }) =>
  r.tournamentId !== null
    ? tournamentLink(r.tournamentId)
    : `/${r.format === 'squad_decimation' ? 'squad-decimation-battle-page' : 'individual-battle-royale-page'}?id=${r.battleId}`;

/** The caller's round windows, soonest first, and the link of their feed. */
export async function battleCalendar(ctx: AppContext, userId: number) {
  const rows = await roundWindows(ctx, userId);
  return {
    items: rows.map((r) => ({
      battle_id: r.battleId,
      battle_name: r.battleName,
      format: r.format as BattleFormat,
      tournament_id: r.tournamentId,
      stage_name: r.stageName,
      round_no: r.roundNo,
      opens_at: r.opensAt.toISOString(),
      closes_at: r.closesAt.toISOString(),
      state: r.state,
      entered: r.entered,
      link: pageOf(r),
    })),
    calendar_url: battleCalendarPath(ctx, userId),
  };
}

/** The feed: a wrong key or an unknown athlete is a 404, as for the team calendar. */
export async function battleCalendarFeed(ctx: AppContext, userId: number, key: string): Promise<string> {
  if (!safeEqual(key, calendarKey(ctx, userId))) throw notFound(NO_CALENDAR);
  const [user] = await ctx.database.db.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(NO_CALENDAR);
  const origin = `${ctx.config.publicOrigin ?? DEV_ORIGIN()}${ctx.config.basePath}`;
  const host = new URL(origin).hostname;
  const events: EventAttributes[] = (await roundWindows(ctx, userId)).map((r) => ({
    uid: `battle-${r.battleId}-round-${r.roundNo}-athlete-${userId}@${host}`,
    title: `${r.battleName}: round ${r.roundNo}`,
    description: r.entered
      ? `Round ${r.roundNo} of ${r.battleName} is open for your attempts.`
      : `Round ${r.roundNo} of ${r.battleName}, if you advance to ${r.stageName ?? 'this stage'}.`,
    url: `${origin}${pageOf(r).slice(1)}`,
    start: r.opensAt.getTime(),
    end: r.closesAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
  }));
  const { createEvents } = await import('ics'); // loaded on the first calendar (server/lib/lazy-load.ts)
  const { error, value } = createEvents(events, { productId: 'repforge/battles', calName: `${user.name}'s battles` });
  if (error || value === null) throw error ?? new Error('The calendar could not be written.');
  return value;
}
