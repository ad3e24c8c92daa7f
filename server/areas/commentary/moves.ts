import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { placeOfKey } from '#server/lib/boards/rank-slices.ts';
import { hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { anonymousName } from '#domain/privacy.ts';
import { classifyMove, type MoveFacts } from '#domain/commentary.ts';
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
 * deferred work batched with the other moves': a template line, or with a model a draft for its board's job (the
 * templates' line at once when the board's drafts are full). Neither the check nor the writing (a model may take
 * seconds) is on the score's request path.
 */
export function noteScoreMove(ctx: AppContext, move: ScoreMove): void {
  if (!move.isBest) return;
  ctx.tasks.defer('commentary move', async () => {
    const facts = await factsSoon(ctx, move);
    if (facts) writeSoon(ctx, { challenge_id: move.challengeId, user_id: move.userId, score_id: move.scoreId, facts });
  });
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

/** Moves whose facts are read together: at most this many per statement. */
const FACTS_BATCH = 200;

interface Waiting {
  move: ScoreMove;
  resolve: (facts: MoveFacts | null) => void;
  reject: (error: unknown) => void;
}
const readers = new WeakMap<AppContext, { waiting: Waiting[]; running: boolean }>();

/**
 * The move's facts, read with the other moves waiting at the same time in one statement (one reader per node:
 * moves noted while a read runs go in the next), so a busy board costs a statement per batch rather than per move.
 */
function factsSoon(ctx: AppContext, move: ScoreMove): Promise<MoveFacts | null> {
  let reader = readers.get(ctx);
  if (!reader) readers.set(ctx, (reader = { waiting: [], running: false }));
  const r = reader;
  return new Promise((resolve, reject) => {
    r.waiting.push({ move, resolve, reject });
    if (r.running) return;
    r.running = true;
    void (async () => {
      try {
        while (r.waiting.length) {
          const batch = r.waiting.splice(0, FACTS_BATCH);
          try {
            const facts = await movesFacts(
              ctx.database.db,
              batch.map((w) => w.move),
            );
            batch.forEach((w, i) => w.resolve(facts[i] ?? null));
          } catch (error) {
            for (const w of batch) w.reject(error);
          }
        }
      } finally {
        r.running = false;
      }
    })();
  });
}

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
