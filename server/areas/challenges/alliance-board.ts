import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import type { AllianceStatus } from '#domain/teams-alliances.ts';
import type { ChallengeRow } from './challenge.ts';
import { allUnitRows, idList, unitRankings, type BoardUnit } from './unit-board.ts';

// The alliance board of a multi-gym event (unit-board.ts ranks it by the gym board's rule and N): an athlete
// counts for every alliance that was active with one of their lasting teams accepted in it when they joined
// (challenge_participant_alliances, written by the join), so a team joining or leaving later moves no result.
// An alliance that ended since keeps its counted results and shows as ended.

interface AllianceName {
  id: number;
  name: string;
  status: AllianceStatus;
  teams: { id: number; name: string; tag: string }[];
}

/** The alliances the athlete counts for from now on: active ones with one of their teams accepted in them. */
const activeAlliancesOf = (userId: number) =>
  sql`select distinct am.alliance_id from team_members tm
    join alliance_members am on am.team_id = tm.team_id and am.state = 'accepted'
    join alliances a on a.id = am.alliance_id and a.status = 'active'
    where tm.user_id = ${userId}`;

/** Inside the join's transaction, after the participation is written: the alliances the athlete counts for here. */
export async function storeAlliancesAtJoin(tx: Database, challengeId: number, userId: number) {
  await tx.execute(
    sql`insert into challenge_participant_alliances (challenge_id, user_id, alliance_id)
      select ${challengeId}, ${userId}, x.alliance_id from (${activeAlliancesOf(userId)}) x`,
  );
}

/** The viewer's alliances here: those stored when they joined, else those they would count for now. */
async function viewerAlliancesOf(db: Database, challengeId: number, viewerId: number | null): Promise<number[]> {
  if (viewerId === null) return [];
  const [row] = await rowsOf<{ joined: boolean; stored: number[] | null; now: number[] | null }>(
    db,
    sql`select exists (select 1 from challenge_participants p where p.challenge_id = ${challengeId} and p.user_id = ${viewerId}) as joined,
      (select array_agg(m.alliance_id) from challenge_participant_alliances m
        where m.challenge_id = ${challengeId} and m.user_id = ${viewerId}) as stored,
      (select array_agg(x.alliance_id) from (${activeAlliancesOf(viewerId)}) x) as now`,
  );
  return ((row?.joined ? row.stored : row?.now) ?? []).map(Number);
}

export const ALLIANCE_UNIT: BoardUnit<AllianceName> = {
  unit: 'alliances',
  members: (challengeId) =>
    sql`select m.alliance_id as unit_id, m.user_id from challenge_participant_alliances m where m.challenge_id = ${challengeId}`,
  viewerUnits: viewerAlliancesOf,
  // Read for the rows served: the name, whether it has ended, and the teams in it now (a hidden team is not named).
  async names(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await rowsOf<{ id: number; name: string; status: AllianceStatus; teams: AllianceName['teams'] | null }>(
      db,
      sql`select a.id, a.name, a.status,
          (select json_agg(json_build_object('id', t.id, 'name', t.name, 'tag', t.tag) order by am.invited_at, t.name)
            from alliance_members am join teams t on t.id = am.team_id and t.hidden_at is null
            where am.alliance_id = a.id and am.state = 'accepted') as teams
        from alliances a where a.id in (${idList(ids)})`,
    );
    return new Map(rows.map((a) => [Number(a.id), { id: Number(a.id), name: a.name, status: a.status, teams: a.teams ?? [] }]));
  },
};

/**
 * The board number of what a challenge's alliance board reads for its rows (alliances' names and status, their
 * accepted teams, those teams' names, tags and moderation): migration 0077 notifies it, 2^33 + the challenge's id,
 * so a rename drops the kept alliance pages alone, not the challenge's other boards nor its kept ranked result.
 */
export const allianceNamesBoard = (challengeId: number) => 2 ** 33 + challengeId;

const unlisted = (id: number): AllianceName => ({ id, name: 'Alliance no longer listed', status: 'ended', teams: [] });

/** Every alliance of the board in order (what the tests compare with the naive ranking). */
export const allAllianceRows = (db: Database, c: ChallengeRow) => allUnitRows(db, ALLIANCE_UNIT, c);

/** A page of a gym event's alliance board, with every alliance the viewer counts for, wherever it stands. */
export async function allianceRankings(
  ctx: AppContext,
  challengeId: number,
  q: { offset: number; limit: number },
  viewerId: number | null,
) {
  const page = await unitRankings(ctx, ALLIANCE_UNIT, unlisted, challengeId, q, viewerId);
  const shown = ({ name, ...row }: (typeof page.items)[number]) => ({ ...row, alliance: name });
  return { ...page.challenge, items: page.items.map(shown), mine: page.mine.map(shown) };
}
