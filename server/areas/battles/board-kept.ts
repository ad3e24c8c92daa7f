import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { countsSql } from './counting.ts';
import { loadBattle, roundsOf, type BattleRow, type RoundRow } from './battles.ts';

// A round's ranking, kept per node once entry has closed (the field then changes only when a round closes). Every
// change to a round's board says so in the battle's room (an attempt scored, a round closed, a round opened), and
// every node hears every room message (the realtime fan-out's LISTEN, RealtimeHub.watchMessages): a node drops what
// it keeps of that battle before its sockets are told, so the page's refetch reads the new board. A writer drops its
// own node's at once too (dropKeptBoards after the commit), so its next read shows its change. A round's close drops
// everything kept (a tournament's close enters athletes into another battle). Concurrent reads of a ranking not kept
// share one computation; one computed across a change is not kept. The battle's row and rounds are kept beside its
// rankings on the same terms (they change only at a round's close), so a served page reads the database only for its
// caller's session and the shown rows' names.

export interface RankedRow {
  place: number;
  user_id: number;
  status: string | null;
  value: number | null;
  tiebreak_ms: number | null;
  submitted_at: string | null;
  eliminated_round: number | null;
}

export interface RankedRound {
  rows: RankedRow[];
  byUser: Map<number, RankedRow>;
  field: number;
  scored: number;
}

/** Rounds kept per node (a round of 100,000 is ~15 MB). */
const MAX_KEPT = 8;

export interface KeptBattle {
  battle: BattleRow;
  rounds: RoundRow[];
}

interface Store {
  kept: Map<string, RankedRound>;
  /** Battles whose entry has closed: their row and rounds. */
  battles: Map<number, KeptBattle>;
  pending: Map<string, Promise<RankedRound>>;
  /** Bumped on each drop: a computation that began before it is not kept. */
  generation: Map<number, number>;
  all: number;
}

const stores = new WeakMap<AppContext, Store>();

function storeOf(ctx: AppContext): Store {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = { kept: new Map(), battles: new Map(), pending: new Map(), generation: new Map(), all: 0 }));
  return store;
}

const keyOf = (battleId: number, roundNo: number) => `${battleId}:${roundNo}`;

/** Forgets what this node keeps of a battle's boards (every battle's when `battleId` is null). */
export function dropKeptBoards(ctx: AppContext, battleId: number | null) {
  const store = storeOf(ctx);
  if (battleId === null) store.all += 1;
  else store.generation.set(battleId, (store.generation.get(battleId) ?? 0) + 1);
  const prefix = battleId === null ? '' : `${battleId}:`;
  for (const key of [...store.kept.keys()]) if (key.startsWith(prefix)) store.kept.delete(key);
  for (const key of [...store.pending.keys()]) if (key.startsWith(prefix)) store.pending.delete(key);
  if (battleId === null) store.battles.clear();
  else store.battles.delete(battleId);
}

/** A battle's row and rounds: kept once its entry has closed (`now` past its start), else read afresh. */
export async function keptBattle(ctx: AppContext, battleId: number, now: Date): Promise<KeptBattle> {
  const store = storeOf(ctx);
  const kept = store.battles.get(battleId);
  if (kept) return kept;
  const generation = store.generation.get(battleId) ?? 0;
  const all = store.all;
  const db = ctx.database.db;
  const [battle, rounds] = await Promise.all([loadBattle(db, battleId), roundsOf(db, battleId)]);
  const read = { battle, rounds };
  const unchanged = (store.generation.get(battleId) ?? 0) === generation && store.all === all;
  if (now >= battle.startsAt && unchanged) {
    store.battles.set(battleId, read);
    // As many battles as rankings, oldest out first.
    if (store.battles.size > MAX_KEPT) store.battles.delete(store.battles.keys().next().value!);
  }
  return read;
}

/** The hub's watcher of the battle rooms (app.ts): every message to a battle's room drops its kept boards. */
export const battleBoardWatcher =
  (ctx: AppContext) =>
  (room: string, message: { type: string }): void => {
    const battleId = Number(room.slice(room.indexOf(':') + 1));
    if (message.type === 'battle_round_closed') dropKeptBoards(ctx, null);
    else if (Number.isInteger(battleId)) dropKeptBoards(ctx, battleId);
  };

/** The round's living field in the engine's order (board.ts rankedFieldSql's), without names. */
async function computeRanking(ctx: AppContext, battleId: number, roundNo: number): Promise<RankedRound> {
  const rows = await rowsOf<RankedRow>(
    ctx.database.db,
    sql`with best as (
      select distinct on (a.user_id) a.user_id, a.sort_key, a.submitted_at, a.status, a.value, a.tiebreak_ms
      from battle_attempts a
      where a.battle_id = ${battleId} and a.round_no = ${roundNo} and ${countsSql('a')}
      order by a.user_id, a.sort_key, a.submitted_at, a.id
    )
    select (row_number() over (order by b.sort_key asc nulls last, b.submitted_at asc nulls last,
              case when b.sort_key is null then e.entered_at end asc, e.user_id))::int as place,
           e.user_id, b.status, b.value::float8 as value, b.tiebreak_ms, b.submitted_at, e.eliminated_round
    from battle_entries e
    left join best b on b.user_id = e.user_id
    where e.battle_id = ${battleId} and (e.eliminated_round is null or e.eliminated_round >= ${roundNo})
    order by place`,
  );
  return {
    rows,
    byUser: new Map(rows.map((r) => [r.user_id, r])),
    field: rows.length,
    scored: rows.reduce((n, r) => n + (r.status === null ? 0 : 1), 0),
  };
}

/** A round's ranking: kept when `keep` (entry has closed), else read afresh. */
export async function rankedRound(ctx: AppContext, battleId: number, roundNo: number, keep: boolean): Promise<RankedRound> {
  if (!keep) return computeRanking(ctx, battleId, roundNo);
  const store = storeOf(ctx);
  const key = keyOf(battleId, roundNo);
  const kept = store.kept.get(key);
  if (kept) {
    store.kept.delete(key);
    store.kept.set(key, kept);
    return kept;
  }
  const pending = store.pending.get(key);
  if (pending) return pending;
  const generation = store.generation.get(battleId) ?? 0;
  const all = store.all;
  const computing = computeRanking(ctx, battleId, roundNo)
    .then((ranked) => {
      if ((store.generation.get(battleId) ?? 0) === generation && store.all === all) {
        store.kept.set(key, ranked);
        if (store.kept.size > MAX_KEPT) store.kept.delete(store.kept.keys().next().value!);
      }
      return ranked;
    })
    .finally(() => {
      if (store.pending.get(key) === computing) store.pending.delete(key);
    });
  store.pending.set(key, computing);
  return computing;
}
