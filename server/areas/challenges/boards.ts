import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { athleteProfiles, challengeEntries } from '#server/db/schema.ts';
import { AGE_GROUPS, birthYearsFor } from '#domain/athlete-groups.ts';
import { rowsOf } from '#server/db/rows.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { formatScore, type Division, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import { loadChallenge, NO_CHALLENGE, schemeOf, type ChallengeRow } from './challenge.ts';
import { boardAnonymousColumn, boardGym, boardGymColumn, boardName, type BoardGymInfo } from '#server/lib/boards/privacy-names.ts';
import { categorySize, placeOfKey, SCALED_KEYS_FROM, sliceStartSql } from '#server/lib/boards/rank-slices.ts';
import { hasCategories, isCategoryOf } from '#domain/divisions.ts';
import { videoCheckOf } from '#domain/judging.ts';

/** The category asked for must be one of the challenge's; the combined board only where the creator offers one. */
function checkCategory(c: ChallengeRow, category: string) {
  const scheme = schemeOf(c);
  if (category !== '' && !isCategoryOf(scheme, category))
    throw badRequest(`“${category}” is not a division of this challenge.`, 'category');
  if (category === '' && hasCategories(scheme) && !c.overallBoard)
    throw badRequest('This challenge ranks by division only: pick a division (category).', 'category');
}

// The leaderboard: a page of entries with places and the caller's own row, in one statement.

/** Below this, a plain OFFSET is cheaper than finding the slice. */
const DEEP_PAGE_OFFSET = 1000;

/** What a board request names: the challenge, its division/category, and the filters that narrow it. */
export interface BoardQuery {
  challenge_id: number;
  division?: Division;
  category?: string;
  sex?: 'female' | 'male';
  age_group?: string;
  gym?: string;
}

/**
 * The rows a board shows, as SQL over `t` (the entries table or an alias of it): the board
 * (challenge, division, category) and the filters that narrow it without re-ranking. The
 * board page and the athlete search both read through this, so they agree on what is shown.
 */
/** Whether a gym filter reads the gym's athletes first (tests turn it off to compare with the board's order). */
export const boardSettings = { gymFromProfiles: true };

export function boardScope(q: BoardQuery, now: Date, t: typeof challengeEntries = challengeEntries) {
  const category = q.category ?? '';
  const board: SQL[] = [eq(t.challengeId, q.challenge_id)];
  if (category !== '') {
    board.push(eq(t.category, category));
    // Within a category, Rx/Scaled is the key's top bit: a range on the category's index.
    if (q.division) board.push(sql`${t.sortKey} ${sql.raw(q.division === 'rx' ? '<' : '>=')} ${String(SCALED_KEYS_FROM)}::bigint`);
  } else if (q.division) board.push(eq(t.division, q.division));
  const narrowing = profileFilters(q, now, t);
  if (q.sex) narrowing.push(eq(t.sex, q.sex));
  const gym = q.gym?.trim().toLowerCase();
  return {
    category,
    division: q.division ?? null,
    filtered: narrowing.length > 0,
    shown: and(...board, ...narrowing)!,
    /**
     * Where the board's rows are read from, as `challenge_entries`: the table; or, filtered to a gym,
     * the gym's athletes (a few thousand at most, on the profiles' gym index) each looked up on the
     * board, instead of the whole board or division walked in its order for the few who train there
     * (`offset 0` keeps each lookup a lookup).
     */
    source:
      gym && boardSettings.gymFromProfiles
        ? sql`(select gp.user_id from athlete_profiles gp where lower(gp.gym) = ${gym} and gp.privacy->>'gym' = 'public') gm
            cross join lateral (select * from challenge_entries
              where challenge_entries.challenge_id = ${q.challenge_id} and challenge_entries.user_id = gm.user_id offset 0) challenge_entries`
        : sql`${challengeEntries}`,
  };
}

/** The challenge behind a board, refusing a category it does not have. */
export async function loadBoardChallenge(db: Database, id: number, category: string, callerId: number | null) {
  const c = await loadChallenge(db, id);
  // A challenge hidden by moderators has no public board; its creator still sees it.
  if (c.hiddenAt && c.creatorId !== callerId) throw notFound(NO_CHALLENGE);
  checkCategory(c, category);
  return c;
}

export async function rankings(ctx: AppContext, q: BoardQuery & { offset: number; limit: number }, callerId: number | null) {
  return (await rankingsOf(ctx, q, callerId)).answer;
}

/** A board page and the challenge it was read with (a kept page keeps both: board-pages.ts). */
export async function rankingsOf(ctx: AppContext, q: BoardQuery & { offset: number; limit: number }, callerId: number | null) {
  const db = ctx.database.db;
  const id = q.challenge_id;
  const { category, filtered, shown, source } = boardScope(q, ctx.now());
  const division = q.division ?? null;
  // The board is read alongside the challenge (its rows need only the id); a missing
  // or deleted challenge still answers 404 from loadChallenge.
  // A deep page starts at the rank slice that holds its first row, so OFFSET only skips inside one slice; the slice is
  // found in the page's own statement.
  const read = () =>
    boardRows(db, id, {
      division,
      category,
      shown,
      source,
      filtered,
      offset: q.offset,
      fromSlice: !filtered && q.offset >= DEEP_PAGE_OFFSET,
      limit: q.limit,
      callerId,
    });
  const [c, rows, counted] = await Promise.all([
    loadBoardChallenge(db, id, category, callerId),
    read(),
    filtered
      ? rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${source} where ${shown}`).then((r) => Number(r[0]?.n ?? 0))
      : category !== ''
        ? categorySize(db, id, category, division)
        : Promise.resolve(null),
  ]);
  const total = counted ?? (q.division === 'rx' ? c.rxEntries : q.division === 'scaled' ? c.scaledEntries : c.rxEntries + c.scaledEntries);
  const pageRows = rows.filter((r) => r.n > 0);
  // Places are those of the whole board (or division); a filter never re-ranks. Unfiltered,
  // only the first row was counted: every row after it sits at its position unless tied.
  const ranks: number[] = [];
  for (const [i, r] of pageRows.entries()) {
    if (r.rank !== null) ranks.push(r.rank);
    else ranks.push(pageRows[i - 1]!.sort_key === r.sort_key ? ranks[i - 1]! : q.offset + i + 1);
  }
  const mine = rows.find((r) => r.n === 0);
  const answer = {
    challenge_id: c.id,
    division: q.division ?? null,
    category: category === '' ? null : category,
    total,
    offset: q.offset,
    items: pageRows.map((r, i) => boardRow(c, r, ranks[i]!, callerId)),
    me: mine ? boardRow(c, mine, mine.rank!, callerId) : null,
  };
  return { challenge: c, answer };
}

/** One board entry as boardRows reads it: n is its position on the page from 1, or 0 for the caller's own row. */
export interface BoardRow {
  n: number;
  user_id: number;
  display_name: string;
  board_anonymous: boolean;
  score_id: number;
  division: string;
  category: string;
  sex: string | null;
  status: string;
  value: number;
  tiebreak_ms: number | null;
  sort_key: string;
  submitted_ms: number;
  rank: number | null;
  /** The score's video check (judging), null without a video. */
  video_state: string | null;
  gym_info: BoardGymInfo | null;
}

/** What boardRows reads: the board's scope, where the page starts and how long it is, and whose own row comes with it. */
export interface BoardRowsOptions {
  division: Division | null;
  category: string;
  shown: SQL;
  /** Where the rows are read from (boardScope's source); the table itself by default. */
  source?: SQL;
  filtered: boolean;
  /** How many of the board's rows come before the page. */
  offset: number;
  /** Whether the page starts at the rank slice holding row `offset` (found in the same statement) rather than at an OFFSET from the top. */
  fromSlice: boolean;
  limit: number;
  callerId: number | null;
}

/**
 * A page of the board and the caller's own entry in one statement, read from the board
 * index (an entry holds its score's fields, and only verified standing scores have one).
 * Places are counted for the caller's row, the page's first row, and, when a filter
 * narrows the view, every row (a filtered row keeps its overall place).
 */
export async function boardRows(db: Database, challengeId: number, o: BoardRowsOptions): Promise<BoardRow[]> {
  const rows = await rowsOf<BoardRow>(db, boardRowsSql(challengeId, o));
  return rows.map(boardRowOf);
}

/**
 * The caller's own row of a board with its place (boardRows' own row, read without a page), as one column (a JSON
 * object, null when they have no entry there): a statement for the caller (their session check) reads it too.
 */
export function ownBoardRowColumn(challengeId: number, o: Omit<BoardRowsOptions, 'offset' | 'fromSlice' | 'limit'>): SQL<BoardRow | null> {
  // The entry alone, not boardRowsSql with an empty page: a statement this size is planned on every run (custom plans),
  // and the page's window, union and join took most of its planning.
  return sql<BoardRow | null>`(select row_to_json(own) from (select ${boardRowColumns(challengeId, o, sql`0`, sql`true`)}
    from challenge_entries e join users u on u.id = e.user_id
    where e.challenge_id = ${challengeId} and e.user_id = ${o.callerId ?? -1} and ${ownScope(o)}) own)`;
}

/** The caller's own row is on the board's division (when it has one) and category (when it has one), whatever the filters. */
function ownScope(o: { division: Division | null; category: string }): SQL {
  // Both written into the text, as placeOfKey's category is (rank-slices.ts): a generic plan of the statement needs no branch on them.
  return sql`${o.division ? sql`e.division = ${o.division}` : sql`true`} and ${o.category === '' ? sql`true` : sql`e.category = ${o.category}`}`;
}

/** A board row's columns, for entry `e` of its user `u`: `n` its position, its place counted where `placed` holds. */
function boardRowColumns(challengeId: number, o: { division: Division | null; category: string }, n: SQL, placed: SQL): SQL {
  return sql`${n} as n, e.user_id, u.display_name, ${boardAnonymousColumn(sql`e.user_id`)}, ${boardGymColumn(sql`e.user_id`)}, e.score_id, e.division, e.category, e.sex, e.status, e.value::float8 as value, e.tiebreak_ms,
      e.sort_key::text as sort_key, (extract(epoch from e.submitted_at) * 1000)::float8 as submitted_ms,
      (select sv.state from score_videos sv where sv.score_id = e.score_id) as video_state,
      case when ${placed} then ${placeOfKey(challengeId, o.division, sql`e.sort_key`, o.category)} end as rank`;
}

/** A row of boardRowsSql (or, as JSON, of ownBoardRowColumn) with its numbers as numbers. */
export function boardRowOf(r: BoardRow): BoardRow {
  return { ...r, n: Number(r.n), user_id: Number(r.user_id), score_id: Number(r.score_id), rank: r.rank === null ? null : Number(r.rank) };
}

/**
 * A page's size written into the statement's text, not bound: with `limit $n` a generic plan of the prepared statement
 * guesses a tenth of the board for the page (33,333 rows of a million) and joins every user, JIT-compiled (1.9 s), so
 * PostgreSQL planned the middle page afresh on every run (2.3 ms of its 6.2). With the size in the text the generic plan
 * is the custom one and is kept: the middle page's statement 5.0 → 2.9 ms at p50 on a million scores (#43). A board asks
 * for a handful of sizes (the contract bounds `limit`), so a handful of prepared statements.
 */
function pageLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`a page size must be a whole number, not ${limit}`);
  return sql.raw(String(limit));
}

function boardRowsSql(challengeId: number, o: BoardRowsOptions): SQL {
  // From a slice, `skip` rows of it come before the page; from the top, `offset` rows do.
  const skip = o.fromSlice ? sql`(select skip from slice_start)` : sql`${o.offset}::bigint`;
  return sql`with ${o.fromSlice ? sql`${sliceStartSql(challengeId, o.division, o.offset, o.category)}, ` : sql``}page as (
      select ${challengeEntries.userId} as user_id,
        row_number() over (order by ${challengeEntries.sortKey}, ${challengeEntries.submittedAt}, ${challengeEntries.userId}) as n
      from ${o.source ?? challengeEntries}
      where ${o.shown} ${o.fromSlice ? sql`and ${challengeEntries.sortKey} >= (select key from slice_start)` : sql``}
      order by ${challengeEntries.sortKey}, ${challengeEntries.submittedAt}, ${challengeEntries.userId}
      limit ${pageLimit(o.limit)} offset ${skip}
    ), wanted as (
      select user_id, n from page
      union all
      select ${o.callerId ?? -1}::int, 0
    )
    select ${boardRowColumns(challengeId, o, sql`w.n::int`, sql`w.n = 0 or w.n = ${skip} + 1 or ${o.filtered}`)}
    from wanted w
    join challenge_entries e on e.challenge_id = ${challengeId} and e.user_id = w.user_id
    join users u on u.id = e.user_id
    where (w.n > 0 or (${ownScope(o)}))
    order by w.n`;
}

export function boardRow(c: ChallengeRow, r: BoardRow, rank: number, viewerId: number | null) {
  const encoded: EncodedScore = { status: r.status as EncodedScore['status'], value: Number(r.value), tiebreakMs: r.tiebreak_ms };
  return {
    rank,
    athlete: { wp_user_id: r.user_id, display_name: boardName(r, viewerId) },
    ...boardGym(r, viewerId),
    division: r.division as Division,
    category: r.category === '' ? null : r.category,
    sex: (r.sex as 'female' | 'male' | null) ?? null,
    score: {
      id: r.score_id,
      status: encoded.status,
      value: encoded.value,
      tiebreak_ms: r.tiebreak_ms,
      display: formatScore(c.scoreType as ScoreType, encoded, { repsPerRound: c.repsPerRound }),
      verification: 'verified' as const,
      submitted_at: new Date(Number(r.submitted_ms)).toISOString(),
      ...(r.video_state ? { video_check: videoCheckOf(r.video_state) } : {}),
    },
  };
}

/** Age group and gym come from athlete profiles: entries whose athlete matches and shows that field publicly. */
function profileFilters(q: { age_group?: string; gym?: string }, now: Date, t: typeof challengeEntries): SQL[] {
  const out: SQL[] = [];
  const group = q.age_group ? AGE_GROUPS.find((g) => g.id === q.age_group) : undefined;
  if (q.age_group && !group) throw badRequest(`“${q.age_group}” is not an age group.`);
  if (group) {
    const years = birthYearsFor(group, now.getUTCFullYear());
    out.push(
      sql`${t.userId} in (select ${athleteProfiles.userId} from ${athleteProfiles} where ${athleteProfiles.birthYear} between ${years.from} and ${years.to} and ${athleteProfiles.privacy}->>'birth_year' = 'public')`,
    );
  }
  if (q.gym) {
    out.push(
      sql`${t.userId} in (select ${athleteProfiles.userId} from ${athleteProfiles} where lower(${athleteProfiles.gym}) = ${q.gym.trim().toLowerCase()} and ${athleteProfiles.privacy}->>'gym' = 'public')`,
    );
  }
  return out;
}
