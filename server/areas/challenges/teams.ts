import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { challengeEntries, challengeParticipants, challengeScores, challengeTeams, users } from '#server/db/schema.ts';
import { conflict } from '#server/errors.ts';
import { boardName, hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { loadChallenge, presentScore, type ChallengeRow, type TeamRule } from './challenge.ts';
import { DIRECTION, formatScore, type ScoreType } from '#domain/scoring/index.ts';

/*
 * Team boards. A team's value combines its members' bests (challenge_entries) by
 * the challenge's rule; only finished results count (a capped time has no time
 * to add). Ordering, best first:
 *   1. teams with at least one counted member;
 *   2. sum on a timed workout, and best N: more counted members (at most N);
 *   3. the aggregate, in the score type's better direction.
 * Equal on all of these, teams share the higher place (1, 2, 2, 4).
 */

type Row = { id: number; name: string; member_count: number; counted: number; aggregate: number | null; rank: number };

export function requireTeamChallenge(c: ChallengeRow) {
  if (c.kind !== 'team' || !c.teamRule) throw conflict('This is an individual challenge: it has no teams.');
  return { rule: c.teamRule as TeamRule, bestN: c.teamBestN };
}

/**
 * The ranked teams of a challenge, in SQL: members' finished bests are numbered within their team, the
 * counted ones aggregated per team, and rank() taken over the team totals, then each team's position in
 * the board's order (rank, then name). Teams are few beside entries, so a window over them is cheap.
 * The statement's CTEs end in `positioned` (id, name, member_count, counted, team_value, rank, position).
 */
export function rankedTeamsSql(c: ChallengeRow): SQL {
  const { rule, bestN } = requireTeamChallenge(c);
  const lowerIsBetter = DIRECTION[c.scoreType as ScoreType] === 'lower_is_better';
  const better = lowerIsBetter ? sql.raw('asc') : sql.raw('desc');
  const aggregate = rule === 'average' ? sql.raw('avg(m.value)') : sql.raw('sum(m.value)');
  const countedCap = rule === 'best_n' && bestN ? sql`and m.pos <= ${bestN}` : sql``;
  // Where a missing member would flatter the total (time sums) or the rule asks for N, more counted members rank first.
  const moreCountedFirst = rule === 'best_n' || (rule === 'sum' && lowerIsBetter) ? sql.raw('counted desc,') : sql.raw('');
  return sql`
    with members as (
      select p.team_id, e.value,
             row_number() over (partition by p.team_id order by e.value ${better}, e.submitted_at, e.user_id) as pos
      from challenge_participants p
      join challenge_entries e on e.challenge_id = p.challenge_id and e.user_id = p.user_id
      where p.challenge_id = ${c.id} and p.team_id is not null and e.status = 'finished'
    ),
    totals as (
      select t.id, t.name,
             (select count(*) from challenge_participants q where q.team_id = t.id)::int as member_count,
             count(m.value)::int as counted,
             ${aggregate} as team_value
      from challenge_teams t
      left join members m on m.team_id = t.id ${countedCap}
      where t.challenge_id = ${c.id}
      group by t.id, t.name
    ),
    ranked as (
      select totals.*, rank() over (order by (counted = 0), ${moreCountedFirst} team_value ${better}) as rank from totals
    ),
    positioned as (
      select ranked.*, row_number() over (order by rank, lower(name), id) as position from ranked
    )`;
}

async function rankedTeams(db: Database, c: ChallengeRow, page: { offset: number; limit: number } | { teamId: number }) {
  const filter: SQL = 'teamId' in page ? sql`where id = ${page.teamId}` : sql``;
  const window: SQL = 'teamId' in page ? sql`` : sql`offset ${page.offset} limit ${page.limit}`;
  const rows = await rowsOf<Row>(
    db,
    sql`${rankedTeamsSql(c)}
    select id, name, member_count, counted, team_value::float8 as aggregate, rank::int as rank
    from positioned ${filter}
    order by position
    ${window}`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    member_count: Number(r.member_count),
    counted: Number(r.counted),
    rank: Number(r.rank),
    aggregate: r.aggregate === null ? null : Number(r.aggregate),
  }));
}

/**
 * One team's place on its challenge's team board, by the board's own rule and statement (rank over all
 * the challenge's teams, then this one picked out), with how many teams there are. Null when it has no team.
 */
export async function teamStanding(db: Database, c: ChallengeRow, challengeTeamId: number) {
  const [[row], [total]] = await Promise.all([
    rankedTeams(db, c, { teamId: challengeTeamId }),
    db.select({ n: count() }).from(challengeTeams).where(eq(challengeTeams.challengeId, c.id)),
  ]);
  if (!row) return null;
  return {
    rank: row.rank,
    teams: total?.n ?? 0,
    counted: row.counted,
    member_count: row.member_count,
    aggregate: presentTeam(c, row, []).aggregate?.display ?? null,
  };
}

/**
 * Every member of these teams with their best, and whether it is part of the team's aggregate; a member who
 * keeps their name off boards is "Athlete #N" to everyone but themselves.
 */
async function membersOf(db: Database, c: ChallengeRow, teamIds: number[], viewerId: number | null) {
  if (teamIds.length === 0) return new Map<number, ReturnType<typeof presentMember>[]>();
  const { rule, bestN } = requireTeamChallenge(c);
  const better = DIRECTION[c.scoreType as ScoreType] === 'lower_is_better' ? sql.raw('asc') : sql.raw('desc');
  const rows = await db
    .select({
      teamId: challengeParticipants.teamId,
      userId: challengeParticipants.userId,
      name: users.displayName,
      anonymous: sql<boolean>`(${hiddenFromBoards(users.id)})`,
      score: challengeScores,
      status: challengeEntries.status,
      // Same order as the board's: finished results first, best first.
      pos: sql<number>`(row_number() over (partition by ${challengeParticipants.teamId} order by (${challengeEntries.status} is distinct from 'finished'), ${challengeEntries.value} ${better}, ${challengeEntries.submittedAt}, ${challengeEntries.userId}))::int`,
    })
    .from(challengeParticipants)
    .innerJoin(users, eq(users.id, challengeParticipants.userId))
    .leftJoin(
      challengeEntries,
      and(eq(challengeEntries.challengeId, challengeParticipants.challengeId), eq(challengeEntries.userId, challengeParticipants.userId)),
    )
    .leftJoin(challengeScores, eq(challengeScores.id, challengeEntries.scoreId))
    .where(and(eq(challengeParticipants.challengeId, c.id), inArray(challengeParticipants.teamId, teamIds)));
  rows.sort((a, b) => Number(a.pos) - Number(b.pos));
  const byTeam = new Map<number, ReturnType<typeof presentMember>[]>();
  for (const r of rows) {
    const counted = r.status === 'finished' && (rule !== 'best_n' || Number(r.pos) <= (bestN ?? 0));
    const list = byTeam.get(r.teamId!) ?? [];
    const name = boardName({ user_id: r.userId, display_name: r.name, board_anonymous: r.anonymous }, viewerId);
    list.push(presentMember(c, { ...r, name }, counted));
    byTeam.set(r.teamId!, list);
  }
  return byTeam;
}

function presentMember(
  c: ChallengeRow,
  r: { userId: number; name: string; score: typeof challengeScores.$inferSelect | null },
  counted: boolean,
) {
  return { athlete: { wp_user_id: r.userId, display_name: r.name }, best: r.score ? presentScore(c, r.score) : null, counted };
}

function presentTeam(c: ChallengeRow, r: Row, members: ReturnType<typeof presentMember>[]) {
  const aggregate =
    r.aggregate === null
      ? null
      : {
          value: r.aggregate,
          // An average can fall between units; it is shown to the nearest one.
          display: formatScore(
            c.scoreType as ScoreType,
            { status: 'finished', value: Math.round(r.aggregate), tiebreakMs: null },
            { repsPerRound: c.repsPerRound },
          ),
        };
  return { rank: r.rank, team: { id: r.id, name: r.name }, member_count: r.member_count, counted_members: r.counted, aggregate, members };
}

export async function teamRankings(ctx: AppContext, challengeId: number, q: { offset: number; limit: number }, callerId: number | null) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, challengeId);
  const { rule, bestN } = requireTeamChallenge(c);
  const [mine] =
    callerId === null
      ? []
      : await db
          .select({ teamId: challengeParticipants.teamId })
          .from(challengeParticipants)
          .where(and(eq(challengeParticipants.challengeId, c.id), eq(challengeParticipants.userId, callerId)));
  const [rows, meRows, [total]] = await Promise.all([
    rankedTeams(db, c, q),
    mine?.teamId ? rankedTeams(db, c, { teamId: mine.teamId }) : Promise.resolve([]),
    db.select({ n: count() }).from(challengeTeams).where(eq(challengeTeams.challengeId, c.id)),
  ]);
  const members = await membersOf(db, c, [...new Set([...rows, ...meRows].map((r) => r.id))], callerId);
  const me = meRows[0];
  return {
    challenge_id: c.id,
    team_rule: rule,
    team_best_n: bestN,
    total: total?.n ?? 0,
    offset: q.offset,
    items: rows.map((r) => presentTeam(c, r, members.get(r.id) ?? [])),
    me: me ? presentTeam(c, me, members.get(me.id) ?? []) : null,
  };
}

export async function listTeams(ctx: AppContext, challengeId: number) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, challengeId);
  requireTeamChallenge(c);
  const rows = await db
    .select({
      id: challengeTeams.id,
      name: challengeTeams.name,
      captainId: challengeTeams.captainId,
      captain: users.displayName,
      members: sql<number>`(select count(*) from ${challengeParticipants} where ${challengeParticipants.teamId} = ${challengeTeams.id})::int`,
    })
    .from(challengeTeams)
    .innerJoin(users, eq(users.id, challengeTeams.captainId))
    .where(eq(challengeTeams.challengeId, c.id))
    .orderBy(asc(sql`lower(${challengeTeams.name})`), asc(challengeTeams.id))
    .limit(1000);
  return {
    challenge_id: c.id,
    team_size_max: c.teamSizeMax,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      captain: { wp_user_id: r.captainId, display_name: r.captain },
      member_count: Number(r.members),
      full: c.teamSizeMax !== null && Number(r.members) >= c.teamSizeMax,
    })),
  };
}
