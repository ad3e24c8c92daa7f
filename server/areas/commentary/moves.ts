import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { placeOfKey } from '#server/lib/boards/rank-slices.ts';
import { hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { anonymousName } from '#domain/privacy.ts';
import {
  BOARD_LINE_BURST,
  BOARD_LINES_PER_MINUTE,
  classifyMove,
  COMMENTARY_TICK_MS,
  movesToTell,
  paceAt,
  type BoardPace,
  type MoveFacts,
} from '#domain/commentary.ts';
import { writeSoon } from './write-soon.ts';

/** A score the challenges area has just answered for (its hook, wired in server/handlers.ts). */
export interface ScoreMove {
  challengeId: number;
  userId: number;
  scoreId: number;
  isBest: boolean;
  /** The score as boards print it. */
  scoreText: string;
}

/**
 * After a score's answer has gone out (the challenges area calls its hook on the response's finish): whether the
 * board moved in a way worth a line (a new leader, a leader's new best, a big climb), and if so its line, in this
 * deferred work: the node gathers moves for a tick (`COMMENTARY_TICK_MS`), reads the facts of every board's moves of
 * the tick in one statement, and paces each board (`BOARD_LINES_PER_MINUTE`, domain/commentary-pace.ts): a template
 * line, or with a model a draft for its board's job (writeSoon). Neither the check nor the writing (a model may take
 * seconds) is on the score's request path. The task ends once its tick has handled the move.
 */
export function noteScoreMove(ctx: AppContext, move: ScoreMove): void {
  if (!move.isBest) return;
  ctx.tasks.defer('commentary move', () => new Promise<void>((done) => gather(ctx, { move, done })));
}

interface FactsRow {
  title: string;
  key: string;
  athlete: string;
  anonymous: boolean;
  place: number;
  previous_rank: number | null;
  rival_id: number | null;
  rival_key: string | null;
  rival_name: string | null;
  rival_anonymous: boolean | null;
}

interface Gathered {
  move: ScoreMove;
  done: () => void;
}
interface Ticker {
  waiting: Gathered[];
  /** A tick is due or running: moves noted meanwhile wait for it (or, once it runs, for the next). */
  due: boolean;
  /** When the last tick started (performance.now): the next starts a tick later at the earliest. */
  lastMs: number;
  /** Boards whose bucket is not full (a board missing has a full one). */
  paces: Map<number, BoardPace>;
}
const tickers = new WeakMap<AppContext, Ticker>();

function gather(ctx: AppContext, gathered: Gathered) {
  let ticker = tickers.get(ctx);
  if (!ticker) tickers.set(ctx, (ticker = { waiting: [], due: false, lastMs: -Infinity, paces: new Map() }));
  ticker.waiting.push(gathered);
  schedule(ctx, ticker);
}

/** The next tick, a tick after the last began (at once on a quiet node, so a lone move is not held back). */
function schedule(ctx: AppContext, ticker: Ticker) {
  if (ticker.due || !ticker.waiting.length) return;
  ticker.due = true;
  setTimeout(() => void tick(ctx, ticker), Math.max(0, ticker.lastMs + COMMENTARY_TICK_MS - performance.now()));
}

async function tick(ctx: AppContext, ticker: Ticker) {
  ticker.lastMs = performance.now();
  const batch = ticker.waiting.splice(0);
  try {
    await tellMoves(ctx, ticker, batch);
  } catch (error) {
    // Logged; these moves get no line (a tick that cannot read the board is passed over like a paced one).
    ctx.tasks.defer('commentary tick', () => Promise.reject(error));
  } finally {
    for (const g of batch) g.done();
    ticker.due = false;
    schedule(ctx, ticker);
  }
}

/**
 * A tick's moves: boards with a line left in their bucket are read (their newest moves, MOVES_READ_PER_LINE for each
 * line, every such board's in one statement), and each board's news told as its bucket allows (new leaders and
 * records first, then the newest big jumps); boards with none left are passed over unread.
 */
async function tellMoves(ctx: AppContext, ticker: Ticker, batch: Gathered[]) {
  const nowMs = performance.now();
  const perMinute = ctx.config.commentaryBoardLinesPerMinute ?? BOARD_LINES_PER_MINUTE;
  const open = new Map<number, BoardPace>();
  for (const { move } of batch) {
    if (open.has(move.challengeId)) continue;
    const pace = paceAt(ticker.paces.get(move.challengeId), nowMs, perMinute);
    ticker.paces.set(move.challengeId, pace);
    if (pace.lines >= 1) open.set(move.challengeId, pace);
  }
  // A bucket full again is forgotten (the same as one never seen), so the map holds only boards busy lately.
  for (const [id, pace] of ticker.paces)
    if (!open.has(id) && paceAt(pace, nowMs, perMinute).lines >= BOARD_LINE_BURST) ticker.paces.delete(id);
  // Each open board's newest moves, MOVES_READ_PER_LINE for each line its bucket holds (the older are passed over).
  const room = new Map([...open].map(([id, pace]) => [id, Math.floor(pace.lines) * MOVES_READ_PER_LINE]));
  const read: ScoreMove[] = [];
  for (let i = batch.length - 1; i >= 0; i--) {
    const { move } = batch[i]!;
    const left = room.get(move.challengeId) ?? 0;
    if (left <= 0) continue;
    room.set(move.challengeId, left - 1);
    read.push(move);
  }
  read.reverse();
  for (let i = 0; i < read.length; i += FACTS_BATCH) {
    const moves = read.slice(i, i + FACTS_BATCH);
    const facts = await movesFacts(ctx.database.db, moves);
    const news = moves.flatMap((move, k) => (facts[k] ? [{ move, facts: facts[k], kind: facts[k].kind }] : []));
    for (const [challengeId, pace] of open) {
      const told = movesToTell(
        news.filter((n) => n.move.challengeId === challengeId),
        pace.lines,
      );
      pace.lines -= told.length;
      for (const { move, facts: f } of told)
        writeSoon(ctx, { challenge_id: move.challengeId, user_id: move.userId, score_id: move.scoreId, facts: f });
    }
  }
}

/**
 * A paced board's moves read per tick, for each line its bucket holds: the newest this many (a busy board's tick with
 * one line left reads its 8 newest moves, not the 40 a quarter second brings at 160 a second).
 */
const MOVES_READ_PER_LINE = 8;

/** Moves whose facts are read together: at most this many per statement. */
const FACTS_BATCH = 500;

/** The public facts of the move a new best made on the whole board, or null when it is not worth a line. */
export async function moveFacts(db: Database, move: ScoreMove): Promise<MoveFacts | null> {
  return (await movesFacts(db, [move]))[0] ?? null;
}

/** Each move's facts (in order; null: not worth a line), in one statement: the move's row, its place now and where the athlete's previous best stands (rank slices). */
export async function movesFacts(db: Database, moves: ScoreMove[]): Promise<(MoveFacts | null)[]> {
  if (!moves.length) return [];
  const wanted = sql.join(
    moves.map((m, i) => sql`(${i}::int, ${m.scoreId}::int, ${m.userId}::int, ${m.challengeId}::int)`),
    sql`, `,
  );
  const rows = await rowsOf<FactsRow & { i: number }>(
    db,
    sql`select m.*, ${placeOfKey(sql`m.challenge_id`, null, sql`m.sort_key`)} as place,
      case when m.previous_key is null then null else ${placeOfKey(sql`m.challenge_id`, null, sql`m.previous_key`)} end as previous_rank
    from (values ${wanted}) as v(i, score_id, user_id, challenge_id)
    join lateral (select v.i, s.challenge_id, c.title, s.sort_key, s.sort_key::text as key, u.display_name as athlete,
      (${hiddenFromBoards(sql`s.user_id`)}) as anonymous,
      (select min(p.sort_key) from challenge_scores p
        where p.challenge_id = s.challenge_id and p.user_id = s.user_id and p.id < s.id
          and p.verification = 'verified' and p.deleted_at is null and p.hidden_at is null) as previous_key,
      r.user_id as rival_id, r.sort_key::text as rival_key, ru.display_name as rival_name,
      case when r.user_id is null then null else (${hiddenFromBoards(sql`r.user_id`)}) end as rival_anonymous
    from challenge_scores s
    join challenges c on c.id = s.challenge_id
    join users u on u.id = s.user_id
    -- the board entry is this score: it still stands as the athlete's best
    join challenge_entries e on e.challenge_id = s.challenge_id and e.user_id = s.user_id and e.score_id = s.id
    left join lateral (select x.user_id, x.sort_key from challenge_entries x
      where x.challenge_id = s.challenge_id and x.user_id <> s.user_id order by x.sort_key, x.submitted_at limit 1) r on true
    left join users ru on ru.id = r.user_id
    where s.id = v.score_id and s.user_id = v.user_id and s.challenge_id = v.challenge_id) m on true`,
  );
  const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
  return moves.map((move, i) => factsOf(move, byIndex.get(i)));
}

function factsOf(move: ScoreMove, row: FactsRow | undefined): MoveFacts | null {
  if (!row) return null;
  const key = BigInt(row.key);
  const place = Number(row.place);
  // Before this score the athlete stood where their previous best stands now, less their own new entry ahead of it.
  const previousPlace = row.previous_rank === null ? null : Number(row.previous_rank) - 1;
  const rivalKey = row.rival_key === null ? null : BigInt(row.rival_key);
  const kind = classifyMove({
    place,
    previousPlace,
    othersOnBoard: row.rival_id !== null,
    beatsEveryone: rivalKey === null || key < rivalKey,
  });
  if (!kind) return null;
  const name = (id: number, displayName: string, anonymous: boolean | null) => (anonymous ? anonymousName(id) : displayName);
  return {
    kind,
    athlete: name(move.userId, row.athlete, row.anonymous),
    challenge: row.title,
    place,
    previous_place: previousPlace,
    previous_leader:
      kind === 'new_leader' && row.rival_id !== null && row.rival_name !== null
        ? name(Number(row.rival_id), row.rival_name, row.rival_anonymous)
        : null,
    score: move.scoreText,
  };
}
